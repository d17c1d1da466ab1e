import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { toLatinDigits } from '@/lib/format';
import type { MemberRole } from '@/lib/auth/user';

export type RegisterInput = {
  username: string;
  email: string;
  password: string;
  role: MemberRole;
  phone: string;
  code: string;
  bio?: string;
};

/** register opens an account with POST /api/register/. */
export function register(input: RegisterInput) {
  return request(
    api.POST('/api/register/', {
      body: {
        username: input.username.trim(),
        email: input.email.trim(),
        password: input.password,
        role: input.role,
        phone: toLatinDigits(input.phone.trim()),
        code: toLatinDigits(input.code.trim()),
        meta: input.role === 'teacher' ? { bio: (input.bio ?? '').trim() } : {},
      },
    }),
  );
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
