import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { getProfile } from '@/lib/auth/get-profile';
import type { MemberRole, Role, User } from '@/lib/auth/user';

export type LoginInput = { username: string; password: string; role: MemberRole };

/** ProfileFetchError: the token was issued but the profile could not be read. */
export class ProfileFetchError extends Error {
  constructor(cause: unknown) {
    super('Failed to fetch profile data', { cause });
    this.name = 'ProfileFetchError';
  }
}

/** AccessDeniedError: the account's role is not the entrance's role. The
 * server refuses this with 403 already; this guards the client too. */
export class AccessDeniedError extends Error {
  constructor(
    readonly entrance: Role,
    readonly userRole: Role,
  ) {
    super(`Access denied. This login is for ${entrance}s only. Your role is ${userRole}.`);
    this.name = 'AccessDeniedError';
  }
}

/** login asks POST /api/token/ for an access token at the given entrance, then reads the profile. */
export async function login({ username, password, role }: LoginInput): Promise<{ token: string; user: User }> {
  const answer = await request(api.POST('/api/token/', { body: { username: username.trim(), password, role } }));
  // Only the operators' entrance asks for a second step; a member's answers the token.
  if (!('access' in answer)) throw new Error('The server asked a member for a second sign-in step.');
  const { access } = answer;
  let user: User;
  try {
    user = await getProfile(access);
  } catch (err) {
    throw new ProfileFetchError(err);
  }
  if (user.role !== role) throw new AccessDeniedError(role, user.role);
  return { token: access, user };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
