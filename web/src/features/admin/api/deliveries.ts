import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys } from './keys';
import type { FailedDelivery } from './types';

/** getFailedDeliveries reads GET /api/admin/deliveries/?status=failed: the
 * deliveries the worker gave up on after its tries. */
export async function getFailedDeliveries(signal?: AbortSignal): Promise<FailedDelivery[]> {
  const page = await request(api.GET('/api/admin/deliveries/', { params: { query: { status: 'failed' } }, signal }));
  return page.results;
}

export function useFailedDeliveries() {
  return useQuery({ queryKey: adminKeys.failedDeliveries, queryFn: ({ signal }) => getFailedDeliveries(signal) });
}
