import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys } from './keys';
import type { Overview } from './types';

/** getOverview reads the marketplace's figures (GET /api/admin/overview/). */
export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return request(api.GET('/api/admin/overview/', { signal }));
}

export function useOverview() {
  return useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => getOverview(signal) });
}
