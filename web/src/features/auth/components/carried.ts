import { isRoleChoice, type RoleChoice } from '../login';

/** Carried is what registration step 1 hands to the role page in the router state. */
export type Carried = { username?: string; email?: string; password?: string; role?: RoleChoice };

/** readCarried reads router state defensively: it may be anything, or nothing
 * when the page was opened directly. */
export function readCarried(state: unknown): Carried {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    username: str(s.username),
    email: str(s.email),
    password: str(s.password),
    role: isRoleChoice(s.role) ? s.role : undefined,
  };
}
