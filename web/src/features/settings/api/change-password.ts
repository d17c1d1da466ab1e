import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';

export type PasswordChange = { current_password: string; new_password: string };

/** changePassword sets a new password (POST /api/auth/change-password/). The
 * answer carries a new access token: every earlier token stops working. */
export function changePassword(body: PasswordChange): Promise<{ access: string; detail: string }> {
  return request(api.POST('/api/auth/change-password/', { body }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
