import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys, useAdminAction } from './keys';
import type { AdminWithdrawal, WithdrawalStatus } from './types';

/** getWithdrawals reads withdrawals and refunds of one status; pending ones oldest first (GET /api/admin/withdrawals/). */
export function getWithdrawals(status: WithdrawalStatus, signal?: AbortSignal): Promise<AdminWithdrawal[]> {
  return request(api.GET('/api/admin/withdrawals/', { params: { query: { status } }, signal }));
}

export function useWithdrawals(status: WithdrawalStatus) {
  return useQuery({ queryKey: adminKeys.withdrawals(status), queryFn: ({ signal }) => getWithdrawals(status, signal) });
}

/** payWithdrawal records that the bank paid it, with the bank's reference (POST /api/admin/withdrawals/{id}/pay/). */
export function payWithdrawal({ id, reference }: { id: number; reference: string }): Promise<AdminWithdrawal> {
  return request(api.POST('/api/admin/withdrawals/{id}/pay/', { params: { path: { id } }, body: { reference } }));
}

/** rejectWithdrawal gives the money back to the wallet (POST /api/admin/withdrawals/{id}/reject/). */
export function rejectWithdrawal({ id, reason }: { id: number; reason: string }): Promise<AdminWithdrawal> {
  return request(api.POST('/api/admin/withdrawals/{id}/reject/', { params: { path: { id } }, body: { reason } }));
}

export const usePayWithdrawal = () => useAdminAction(payWithdrawal);
export const useRejectWithdrawal = () => useAdminAction(rejectWithdrawal);
