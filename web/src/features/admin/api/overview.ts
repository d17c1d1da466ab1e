import { useQuery } from '@tanstack/react-query';
import { send } from '@/lib/api/send';
import { adminKeys } from './keys';
import type { Overview } from './types';

/** getOverview reads the marketplace's figures (GET /api/admin/overview/). */
export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return send('GET', '/api/admin/overview/', { signal });
}

export function useOverview() {
  return useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => getOverview(signal) });
}
