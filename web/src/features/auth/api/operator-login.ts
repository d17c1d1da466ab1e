import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { getProfile } from '@/lib/auth/get-profile';
import type { User } from '@/lib/auth/user';
import { toLatinDigits } from '@/lib/format';
import { AccessDeniedError, ProfileFetchError } from './login';

export type OperatorLoginInput = { username: string; password: string; code?: string };

/** An operator's sign-in answers twice: first that a code was texted to their
 * phone, then, with the code, the session. */
export type OperatorLoginResult = { codeSent: true } | { codeSent: false; token: string; user: User };

/** operatorLogin signs an operator in at POST /api/token/ with role "admin":
 * without a code the server texts one and answers 202 {"otp_required": true}
 * (asking again sends a new one); with the code it answers the token. */
export async function operatorLogin({ username, password, code }: OperatorLoginInput): Promise<OperatorLoginResult> {
  const body = { username: username.trim(), password, role: 'admin' as const, ...(code ? { code: toLatinDigits(code) } : {}) };
  const answer = await request(api.POST('/api/token/', { body }));
  if (!('access' in answer)) return { codeSent: true };
  let user: User;
  try {
    user = await getProfile(answer.access);
  } catch (err) {
    throw new ProfileFetchError(err);
  }
  if (user.role !== 'admin') throw new AccessDeniedError('admin', user.role);
  return { codeSent: false, token: answer.access, user };
}

export function useOperatorLogin() {
  return useMutation({ mutationFn: operatorLogin });
}
