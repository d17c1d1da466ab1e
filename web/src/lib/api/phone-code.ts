import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { toLatinDigits } from '@/lib/format';

/** sendCode texts a verification code to phone (POST /api/phone-verify/): for
 * registration, the password reset and a change of phone. */
export function sendCode(phone: string): Promise<{ detail: string; expires_in: number }> {
  return request(api.POST('/api/phone-verify/', { body: { phone: toLatinDigits(phone.trim()) } }));
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
