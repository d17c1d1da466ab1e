import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '@/lib/auth/get-profile';
import { clearPendingPayment } from '../pending-payment';
import { settlePayment } from '../settle-payment';

/** useSettlePayment runs the callback's settlement once per authority (a
 * re-render or a second mount does not repeat it) while the session is
 * signed in. On success the pending record goes and the wallet's figures are
 * read again. */
export function useSettlePayment(authority: string | null, status: string | null, enabled: boolean) {
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['payment', 'settle', authority, status],
    queryFn: () => settlePayment(authority, status),
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useEffect(() => {
    if (!q.isSuccess) return;
    clearPendingPayment();
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    // The wallet feature keeps its queries under 'wallet'.
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  }, [q.isSuccess, queryClient]);
  return q;
}
