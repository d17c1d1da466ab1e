import { useQuery } from '@tanstack/react-query';
import { send } from '@/lib/api/send';
import { adminKeys, useAdminAction } from './keys';

export type Commission = { percent: number };

/** The highest commission the server takes, in percent. */
export const MAX_COMMISSION = 50;

/** getCommission reads the platform's share of each class payment (GET /api/admin/commission/). */
export function getCommission(signal?: AbortSignal): Promise<Commission> {
  return send('GET', '/api/admin/commission/', { signal });
}

export function useCommission() {
  return useQuery({ queryKey: adminKeys.commission, queryFn: ({ signal }) => getCommission(signal) });
}

/** setCommission changes it for classes booked from now on (PUT /api/admin/commission/). */
export function setCommission(percent: number): Promise<Commission> {
  return send('PUT', '/api/admin/commission/', { body: { percent } });
}

export const useSetCommission = () => useAdminAction(setCommission);
