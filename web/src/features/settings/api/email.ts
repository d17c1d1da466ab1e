import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { profileQueryKey } from '@/lib/auth/get-profile';

/** sendVerification is POST /api/account/email/verify/: a link to confirm the
 * address goes to the member's current email. */
export function sendVerification(): Promise<{ detail: string }> {
  return request(api.POST('/api/account/email/verify/'));
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}

export type ConfirmedEmail = { email: string; email_verified: boolean };

/** confirmEmail is POST /api/account/email/confirm/ with the link's token (no sign-in needed). */
export function confirmEmail(token: string): Promise<ConfirmedEmail> {
  return request(api.POST('/api/account/email/confirm/', { body: { token } }));
}

/** useConfirmEmail confirms once per token (a re-render or a second mount
 * does not repeat it); a signed-in member's profile is read again after it. */
export function useConfirmEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['confirm-email', token],
    queryFn: async () => {
      const confirmed = await confirmEmail(token);
      // A profile read that left before the confirmation (the page's first)
      // would answer "not verified", and invalidating does not stop a first
      // read in flight: it is cancelled, then read again.
      await queryClient.cancelQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      return confirmed;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
