import { msg, type TKey } from '@/lib/i18n/keys';

type Route = { path: string; title: TKey };

/** paths lists every route of the app (spec section 2) with its page name.
 * Titles read "<page name> - زبانو" / "<page name> - Zabano". */
export const paths = {
  root: { path: '/' },
  login: { path: '/login', title: msg('pages.login') },
  register: { path: '/register', title: msg('pages.register') },
  registerStudent: { path: '/register/student', title: msg('pages.registerStudent') },
  registerTeacher: { path: '/register/teacher', title: msg('pages.registerTeacher') },
  forgotPassword: { path: '/forgot-password', title: msg('pages.forgotPassword') },
  paymentCallback: { path: '/payment/callback', title: msg('pages.paymentCallback') },
  /** The payment gateway's test page (spec section 2: its path names the gateway); students only. */
  paymentTest: { path: '/payment/zarinpal-test', title: msg('payment.test.title') },
  /** Public pages an email's links open (issue 17): confirming the address, leaving a kind of email. */
  verifyEmail: { path: '/verify-email', title: msg('pages.verifyEmail') },
  unsubscribe: { path: '/unsubscribe', title: msg('pages.unsubscribe') },
  student: {
    root: { path: '/student' },
    dashboard: { path: '/student/dashboard', title: msg('pages.studentDashboard') },
    courses: { path: '/student/courses', title: msg('pages.studentCourses') },
    notes: { path: '/student/notes', title: msg('pages.studentNotes') },
    messages: { path: '/student/messages', title: msg('pages.messages') },
    wallet: { path: '/student/wallet', title: msg('pages.wallet') },
    profile: { path: '/student/profile', title: msg('pages.profile') },
    bookedSlots: { path: '/student/booked-slots', title: msg('pages.studentBookedSlots') },
    findTeacher: { path: '/student/find-teacher', title: msg('pages.findTeacher') },
    findTeacherById: { path: '/student/find-teacher/:teacherId', title: msg('pages.findTeacher') },
    bookedTeachers: { path: '/student/booked-teachers', title: msg('pages.studentBookedTeachers') },
    settings: { path: '/student/settings', title: msg('pages.settings') },
    notifications: { path: '/student/notifications', title: msg('pages.notifications') },
  },
  teacher: {
    root: { path: '/teacher' },
    students: { path: '/teacher/students', title: msg('pages.teacherStudents') },
    bookedSlots: { path: '/teacher/booked-slots', title: msg('pages.teacherBookedSlots') },
    availability: { path: '/teacher/availability', title: msg('pages.teacherAvailability') },
    messages: { path: '/teacher/messages', title: msg('pages.messages') },
    notes: { path: '/teacher/notes', title: msg('pages.teacherNotes') },
    wallet: { path: '/teacher/wallet', title: msg('pages.teacherWallet') },
    profile: { path: '/teacher/profile', title: msg('pages.teacherProfile') },
    settings: { path: '/teacher/settings', title: msg('pages.settings') },
    notifications: { path: '/teacher/notifications', title: msg('pages.notifications') },
  },
  /** The operators' console (issue 14). */
  admin: {
    root: { path: '/admin' },
    overview: { path: '/admin/overview', title: msg('admin.pages.overview') },
    users: { path: '/admin/users', title: msg('admin.pages.users') },
    user: { path: '/admin/users/:userId', title: msg('admin.pages.user') },
    teachers: { path: '/admin/teachers', title: msg('admin.pages.teachers') },
    withdrawals: { path: '/admin/withdrawals', title: msg('admin.pages.withdrawals') },
    payments: { path: '/admin/payments', title: msg('admin.pages.payments') },
    disputes: { path: '/admin/disputes', title: msg('admin.pages.disputes') },
    dispute: { path: '/admin/disputes/:disputeId', title: msg('admin.pages.dispute') },
    adjustments: { path: '/admin/adjustments', title: msg('admin.pages.adjustments') },
    reviews: { path: '/admin/reviews', title: msg('admin.pages.reviews') },
    commission: { path: '/admin/commission', title: msg('admin.pages.commission') },
    audit: { path: '/admin/audit', title: msg('admin.pages.audit') },
    log: { path: '/admin/log', title: msg('admin.pages.log') },
    deliveries: { path: '/admin/deliveries', title: msg('admin.pages.deliveries') },
  },
} as const satisfies Record<string, unknown>;

export type { Route };

/** href helpers for routes with parameters. */
export const hrefs = {
  findTeacher: (teacherId: string | number) => `/student/find-teacher/${encodeURIComponent(String(teacherId))}`,
  /** My classes filtered to one teacher's classes. */
  bookedSlotsOfTeacher: (teacherId: string | number) => `/student/booked-slots?teacher=${encodeURIComponent(String(teacherId))}`,
  /** One user's page in the console. */
  adminUser: (userId: string | number) => `/admin/users/${encodeURIComponent(String(userId))}`,
  /** One dispute in the console. */
  adminDispute: (disputeId: string | number) => `/admin/disputes/${encodeURIComponent(String(disputeId))}`,
  login: (q?: { role?: 'student' | 'teacher' | 'admin'; registration?: 'success' }) => {
    const s = new URLSearchParams();
    if (q?.registration) s.set('registration', q.registration);
    if (q?.role) s.set('role', q.role);
    const qs = s.toString();
    return qs ? `/login?${qs}` : '/login';
  },
};
