import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { walletKeys } from './keys';

export type WalletSummary = components['schemas']['WalletSummary'];

/** getWalletSummary reads the head of the teacher's wallet (GET /api/teacher/wallet/summary/). */
export function getWalletSummary(signal?: AbortSignal): Promise<WalletSummary> {
  return request(api.GET('/api/teacher/wallet/summary/', { signal }));
}

export function useWalletSummary() {
  return useQuery({ queryKey: walletKeys.teacherSummary, queryFn: ({ signal }) => getWalletSummary(signal) });
}
