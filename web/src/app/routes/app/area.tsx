import { Navigate } from 'react-router';
import { useAuth } from '@/lib/auth/auth-provider';
import { homePath, type Role } from '@/lib/auth/user';
import { PageSpinner } from '@/components/ui/spinner';
import { AppLayout } from '@/app/layouts/app-layout';
import { LiveEventsProvider } from '@/lib/events-provider';
import { useLocaleSync } from '@/features/notifications/hooks/use-locale-sync';

/** ProtectedArea lets in only a signed-in user of role: a spinner while the
 * session loads, /login without one, and the user's own home for another role. */
function ProtectedArea({ role }: { role: Role }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status !== 'authenticated' || !user) return <Navigate to="/login" replace />;
  if (user.role !== role) return <Navigate to={homePath(user.role)} replace />;
  // Operators have no chats or classes to hear about.
  if (role === 'admin') return <AppLayout role={role} />;
  return <MemberArea role={role} />;
}

/** MemberArea is a student's or teacher's area: the live-events stream is
 * open while it is shown, and the server hears the member's language and
 * zone (their notifications are written in them). */
function MemberArea({ role }: { role: Role }) {
  useLocaleSync();
  return (
    <LiveEventsProvider>
      <AppLayout role={role} />
    </LiveEventsProvider>
  );
}

export function StudentArea() {
  return <ProtectedArea role="student" />;
}

export function TeacherArea() {
  return <ProtectedArea role="teacher" />;
}

export function AdminArea() {
  return <ProtectedArea role="admin" />;
}
