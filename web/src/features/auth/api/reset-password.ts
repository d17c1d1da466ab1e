import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { toLatinDigits } from '@/lib/format';

export type ResetPasswordInput = { phone: string; code: string; newPassword: string };

/** resetPassword sets a new password with a code texted to phone (POST /api/auth/reset-password/). */
export function resetPassword({ phone, code, newPassword }: ResetPasswordInput) {
  return request(
    api.POST('/api/auth/reset-password/', {
      body: { phone: toLatinDigits(phone.trim()), code: toLatinDigits(code), new_password: newPassword },
    }),
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
