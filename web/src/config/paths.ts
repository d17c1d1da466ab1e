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
  },
} as const satisfies Record<string, unknown>;

export type { Route };

/** href helpers for routes with parameters. */
export const hrefs = {
  findTeacher: (teacherId: string | number) => `/student/find-teacher/${encodeURIComponent(String(teacherId))}`,
  /** My classes filtered to one teacher's classes. */
  bookedSlotsOfTeacher: (teacherId: string | number) => `/student/booked-slots?teacher=${encodeURIComponent(String(teacherId))}`,
  login: (q?: { role?: 'student' | 'teacher'; registration?: 'success' }) => {
    const s = new URLSearchParams();
    if (q?.registration) s.set('registration', q.registration);
    if (q?.role) s.set('role', q.role);
    const qs = s.toString();
    return qs ? `/login?${qs}` : '/login';
  },
};
