import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { walletKeys } from './keys';

/** A withdrawal, with the bank's reference once paid and the operator's reason once rejected. */
export type Withdrawal = components['schemas']['Withdrawal'];

/** getWithdrawals reads the teacher's withdrawals, newest first (GET /api/teacher/wallet/withdrawals/). */
export function getWithdrawals(signal?: AbortSignal): Promise<Withdrawal[]> {
  return request(api.GET('/api/teacher/wallet/withdrawals/', { signal }));
}

export function useWithdrawals() {
  return useQuery({ queryKey: walletKeys.withdrawals, queryFn: ({ signal }) => getWithdrawals(signal) });
}
