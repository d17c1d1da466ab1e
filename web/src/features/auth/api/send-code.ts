import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { toLatinDigits } from '@/lib/format';

/** sendCode asks POST /api/phone-verify/ to text a verification code to phone
 * (used by registration and by the password reset). */
export function sendCode(phone: string): Promise<{ detail: string; expires_in: number }> {
  return request(api.POST('/api/phone-verify/', { body: { phone: toLatinDigits(phone.trim()) } }));
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
