import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { toLatinDigits } from '@/lib/format';

/** sendPhoneCode texts a code to a new phone number (POST /api/phone-verify/),
 * which a change of phone must carry. */
export function sendPhoneCode(phone: string): Promise<{ detail: string; expires_in: number }> {
  return request(api.POST('/api/phone-verify/', { body: { phone: toLatinDigits(phone.trim()) } }));
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
