import type { components } from '@/lib/api/schema';

/** The signed-in user's profile as GET /api/profile/ returns it. */
export type User = components['schemas']['Profile'];

/** Role is a user's role: student, teacher, or admin (an operator). */
export type Role = User['role'];

/** MemberRole is the role of a marketplace member: the ones people register as. */
export type MemberRole = Exclude<Role, 'admin'>;

/** isUser checks the shape of a parsed user cookie. */
export function isUser(v: unknown): v is User {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Record<string, unknown>;
  return (
    (typeof u.id === 'number' || typeof u.id === 'string') &&
    (u.role === 'student' || u.role === 'teacher' || u.role === 'admin') &&
    typeof u.username === 'string'
  );
}

/** displayName is first plus last name, else the username, else null (the
 * caller shows the generic 'student'). */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'username'> | null): string | null {
  if (!user) return null;
  const full = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  if (full) return full;
  return user.username?.trim() || null;
}

/** photoUrl is the user's photo address, if any. */
export function photoUrl(user: User | null): string | null {
  return user?.profile_photo_url || user?.photo || null;
}

/** homePath is where a user of role lands: teachers on their classes,
 * operators on the console, everyone else on the dashboard. */
export function homePath(role: Role | undefined | null): string {
  if (role === 'admin') return '/admin';
  return role === 'teacher' ? '/teacher/booked-slots' : '/student/dashboard';
}
