import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import type { TKey } from '@/lib/i18n/keys';
import type { RouteHandle } from './route-handle';
import { PageSpinner } from '@/components/ui/spinner';
import { RootShell, RootRedirect, GuestOnly, rootLoader, rootShouldRevalidate } from './root';
import { RouteError } from './route-error';

const placeholder = () => import('./routes/app/placeholder').then((m) => ({ Component: m.PlaceholderPage }));

/** area makes the children of /student, /teacher or /admin: the default redirect, then
 * one route per screen; screens that later issues build show their heading. */
function areaChildren(
  home: string,
  screens: ReadonlyArray<{ path: string; title: TKey; lazy?: RouteObject['lazy'] }>,
): RouteObject[] {
  return [
    { index: true, element: <Navigate to={home} replace /> },
    {
      // A render failure inside the area keeps the sidebar and header.
      errorElement: <RouteError />,
      children: screens.map((s) => ({
        path: s.path,
        handle: { title: s.title } satisfies RouteHandle,
        lazy: s.lazy ?? placeholder,
      })),
    },
  ];
}

const { student: st, teacher: te, admin: ad } = paths;

/** routes is the route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    errorElement: <RouteError fullPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        element: <GuestOnly />,
        children: [
          {
            path: paths.login.path,
            handle: { title: paths.login.title } satisfies RouteHandle,
            lazy: () => import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute })),
          },
          {
            path: paths.register.path,
            handle: { title: paths.register.title } satisfies RouteHandle,
            lazy: () => import('./routes/auth/register').then((m) => ({ Component: m.RegisterRoute })),
          },
          {
            path: paths.registerStudent.path,
            handle: { title: paths.registerStudent.title } satisfies RouteHandle,
            lazy: () => import('./routes/auth/register').then((m) => ({ Component: m.RegisterStudentRoute })),
          },
          {
            path: paths.registerTeacher.path,
            handle: { title: paths.registerTeacher.title } satisfies RouteHandle,
            lazy: () => import('./routes/auth/register').then((m) => ({ Component: m.RegisterTeacherRoute })),
          },
          {
            path: paths.forgotPassword.path,
            handle: { title: paths.forgotPassword.title } satisfies RouteHandle,
            lazy: () => import('./routes/auth/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
          },
        ],
      },
      {
        path: paths.paymentCallback.path,
        handle: { title: paths.paymentCallback.title } satisfies RouteHandle,
        lazy: () => import('./routes/payment-callback').then((m) => ({ Component: m.PaymentCallbackRoute })),
      },
      {
        path: paths.verifyEmail.path,
        handle: { title: paths.verifyEmail.title } satisfies RouteHandle,
        lazy: () => import('./routes/email-links').then((m) => ({ Component: m.VerifyEmailRoute })),
      },
      {
        path: paths.unsubscribe.path,
        handle: { title: paths.unsubscribe.title } satisfies RouteHandle,
        lazy: () => import('./routes/email-links').then((m) => ({ Component: m.UnsubscribeRoute })),
      },
      {
        // The gateway test page: students only, in their layout.
        path: paths.paymentTest.path,
        lazy: () => import('./routes/app/area').then((m) => ({ Component: m.StudentArea })),
        children: [
          {
            index: true,
            errorElement: <RouteError />,
            handle: { title: paths.paymentTest.title } satisfies RouteHandle,
            lazy: () => import('./routes/payment-test').then((m) => ({ Component: m.PaymentTestRoute })),
          },
        ],
      },
      {
        path: st.root.path,
        lazy: () => import('./routes/app/area').then((m) => ({ Component: m.StudentArea })),
        children: areaChildren(st.dashboard.path, [
          { ...st.dashboard, lazy: () => import('./routes/app/student-dashboard').then((m) => ({ Component: m.StudentDashboardRoute })) },
          { ...st.courses, lazy: () => import('./routes/app/student-courses').then((m) => ({ Component: m.StudentCoursesRoute })) },
          { ...st.notes, lazy: () => import('./routes/app/student-notes').then((m) => ({ Component: m.StudentNotesRoute })) },
          { ...st.messages, lazy: () => import('./routes/app/messages').then((m) => ({ Component: m.MessagesRoute })) },
          { ...st.wallet, lazy: () => import('./routes/student-wallet').then((m) => ({ Component: m.StudentWalletRoute })) },
          { ...st.profile, lazy: () => import('./routes/app/student-profile').then((m) => ({ Component: m.StudentProfileRoute })) },
          { ...st.bookedSlots, lazy: () => import('./routes/app/student-booked-slots').then((m) => ({ Component: m.StudentBookedSlotsRoute })) },
          { ...st.findTeacher, lazy: () => import('./routes/app/find-teacher').then((m) => ({ Component: m.FindTeacherRoute })) },
          { ...st.findTeacherById, lazy: () => import('./routes/app/find-teacher').then((m) => ({ Component: m.FindTeacherRoute })) },
          { ...st.bookedTeachers, lazy: () => import('./routes/app/student-booked-teachers').then((m) => ({ Component: m.StudentBookedTeachersRoute })) },
          { ...st.settings, lazy: () => import('./routes/app/settings').then((m) => ({ Component: m.StudentSettingsRoute })) },
          { ...st.notifications, lazy: () => import('./routes/app/notifications').then((m) => ({ Component: m.StudentNotificationsRoute })) },
        ]),
      },
      {
        path: te.root.path,
        lazy: () => import('./routes/app/area').then((m) => ({ Component: m.TeacherArea })),
        children: areaChildren(te.bookedSlots.path, [
          { ...te.students, lazy: () => import('./routes/app/teacher-students').then((m) => ({ Component: m.TeacherStudentsRoute })) },
          { ...te.bookedSlots, lazy: () => import('./routes/app/teacher-booked-slots').then((m) => ({ Component: m.TeacherBookedSlotsRoute })) },
          { ...te.availability, lazy: () => import('./routes/app/teacher-availability').then((m) => ({ Component: m.TeacherAvailabilityRoute })) },
          { ...te.messages, lazy: () => import('./routes/app/messages').then((m) => ({ Component: m.MessagesRoute })) },
          { ...te.notes, lazy: () => import('./routes/app/teacher-notes').then((m) => ({ Component: m.TeacherNotesRoute })) },
          { ...te.wallet, lazy: () => import('./routes/teacher-wallet').then((m) => ({ Component: m.TeacherWalletRoute })) },
          { ...te.profile, lazy: () => import('./routes/app/teacher-profile').then((m) => ({ Component: m.TeacherProfileRoute })) },
          { ...te.settings, lazy: () => import('./routes/app/settings').then((m) => ({ Component: m.TeacherSettingsRoute })) },
          { ...te.notifications, lazy: () => import('./routes/app/notifications').then((m) => ({ Component: m.TeacherNotificationsRoute })) },
        ]),
      },
      {
        // The operators' console: a part of the app of its own that no one else loads.
        path: ad.root.path,
        lazy: () => import('./routes/app/area').then((m) => ({ Component: m.AdminArea })),
        children: areaChildren(ad.overview.path, [
          { ...ad.overview, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminOverviewRoute })) },
          { ...ad.users, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminUsersRoute })) },
          { ...ad.user, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminUserRoute })) },
          { ...ad.teachers, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminTeachersRoute })) },
          { ...ad.withdrawals, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminWithdrawalsRoute })) },
          { ...ad.payments, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminPaymentsRoute })) },
          { ...ad.disputes, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminDisputesRoute })) },
          { ...ad.dispute, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminDisputeRoute })) },
          { ...ad.adjustments, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminAdjustmentsRoute })) },
          { ...ad.reviews, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminReviewsRoute })) },
          { ...ad.commission, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminCommissionRoute })) },
          { ...ad.audit, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminAuditRoute })) },
          { ...ad.log, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminLogRoute })) },
          { ...ad.deliveries, lazy: () => import('./routes/admin/console').then((m) => ({ Component: m.AdminDeliveriesRoute })) },
        ]),
      },
      { path: '*', element: <Navigate to={paths.login.path} replace /> },
    ],
  },
];
