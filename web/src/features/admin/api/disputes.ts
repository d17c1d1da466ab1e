import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys, useAdminAction } from './keys';
import type { Dispute, DisputeDetail, DisputeStatus, RefundPercent } from './types';

/** getDisputes reads the problem reports the other side declined (GET /api/admin/disputes/). */
export function getDisputes(status: DisputeStatus, signal?: AbortSignal): Promise<Dispute[]> {
  return request(api.GET('/api/admin/disputes/', { params: { query: { status } }, signal }));
}

export function useDisputes(status: DisputeStatus) {
  return useQuery({ queryKey: adminKeys.disputes(status), queryFn: ({ signal }) => getDisputes(status, signal) });
}

/** getDispute reads one dispute with the pair's messages around the class (GET /api/admin/disputes/{id}/). */
export function getDispute(id: number, signal?: AbortSignal): Promise<DisputeDetail> {
  return request(api.GET('/api/admin/disputes/{id}/', { params: { path: { id } }, signal }));
}

export function useDispute(id: number) {
  return useQuery({ queryKey: adminKeys.dispute(id), queryFn: ({ signal }) => getDispute(id, signal) });
}

/** decideDispute gives refund_percent of the price back to the student, the rest to the teacher
 * (POST /api/admin/disputes/{id}/decide/). */
export function decideDispute({ id, refund_percent, note }: { id: number; refund_percent: RefundPercent; note: string }): Promise<Dispute> {
  return request(api.POST('/api/admin/disputes/{id}/decide/', { params: { path: { id } }, body: { refund_percent, note } }));
}

export const useDecideDispute = () => useAdminAction(decideDispute);
