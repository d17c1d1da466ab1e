import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { walletKeys } from './keys';

export type WithdrawalInput = { amount: number; iban: string };

/** requestWithdrawal asks to be paid amount Toman of earnings to the IBAN
 * (POST /api/teacher/wallet/withdrawals/). The server checks the IBAN and the
 * balance and answers in the user's language. */
export function requestWithdrawal({ amount, iban }: WithdrawalInput) {
  return request(api.POST('/api/teacher/wallet/withdrawals/', { body: { amount, iban: iban.trim() } }));
}

/** useRequestWithdrawal: the balance, pending withdrawals and transactions all change. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...walletKeys.all, 'teacher'] }),
  });
}
