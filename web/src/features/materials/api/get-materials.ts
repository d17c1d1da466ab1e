import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Material = components['schemas']['Material'];
export type MaterialType = Material['material_type'];

/** getMaterials reads a teacher's own materials, or those of a student's
 * teachers (GET /api/materials/), newest first. Each file link is signed for
 * the reader and valid an hour. */
export function getMaterials(signal?: AbortSignal): Promise<Material[]> {
  return request(api.GET('/api/materials/', { signal }));
}

export const materialsQueryKey = ['materials'] as const;

export const materialsQuery = () =>
  queryOptions({
    queryKey: materialsQueryKey,
    queryFn: ({ signal }) => getMaterials(signal),
    // File links expire after an hour: read them again well before.
    staleTime: 60_000,
    refetchInterval: 30 * 60_000,
  });

export function useMaterials() {
  return useQuery(materialsQuery());
}
