import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys, useAdminAction } from './keys';
import type { Commission } from './types';

/** The highest commission the server takes, in percent. */
export const MAX_COMMISSION = 50;

/** getCommission reads the platform's share of each class payment (GET /api/admin/commission/). */
export function getCommission(signal?: AbortSignal): Promise<Commission> {
  return request(api.GET('/api/admin/commission/', { signal }));
}

export function useCommission() {
  return useQuery({ queryKey: adminKeys.commission, queryFn: ({ signal }) => getCommission(signal) });
}

/** setCommission changes it for classes booked from now on (PUT /api/admin/commission/). */
export function setCommission(percent: number): Promise<Commission> {
  return request(api.PUT('/api/admin/commission/', { body: { percent } }));
}

export const useSetCommission = () => useAdminAction(setCommission);
