import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { profileQueryKey } from '@/lib/auth/get-profile';
import type { Withdrawal } from './get-withdrawals';
import { walletKeys } from './keys';

/** Refund is a student's request to be paid their whole balance to an IBAN,
 * which operators pay like a teacher's withdrawal (kind refund). */
export type Refund = Withdrawal;

/** getRefunds reads the student's refunds, newest first (GET /api/student/wallet/refunds/). */
export function getRefunds(signal?: AbortSignal): Promise<Refund[]> {
  return request(api.GET('/api/student/wallet/refunds/', { signal }));
}

export function useRefunds() {
  return useQuery({ queryKey: walletKeys.refunds, queryFn: ({ signal }) => getRefunds(signal) });
}

/** requestRefund asks for the whole balance to be paid to iban (POST /api/student/wallet/refund/). */
export function requestRefund(iban: string): Promise<Refund> {
  return request(api.POST('/api/student/wallet/refund/', { body: { iban: iban.replace(/\s/g, '') } }));
}

/** useRequestRefund: the balance, the transactions and the refunds all change. */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: walletKeys.all }), queryClient.invalidateQueries({ queryKey: profileQueryKey })]),
  });
}
