import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { useViewerTimeZone } from '@/lib/time-zone';

export type Slot = components['schemas']['Slot'];

/** mySlotsKey is the key of the teacher's own slots; creating and deleting invalidate it. */
export const mySlotsKey = ['availability', 'slots'] as const;

/** getMySlots reads the teacher's own slots, booked ones too, from a week ago
 * to 9 weeks ahead, dated in tz (GET /api/slot/available?tz=). */
export function getMySlots(tz: string, signal?: AbortSignal): Promise<Slot[]> {
  return request(api.GET('/api/slot/available', { params: { query: { tz } }, signal }));
}

export const mySlotsQuery = (tz: string) =>
  queryOptions({
    queryKey: [...mySlotsKey, tz],
    queryFn: ({ signal }) => getMySlots(tz, signal),
  });

export function useMySlots() {
  const tz = useViewerTimeZone();
  return useQuery(mySlotsQuery(tz));
}
