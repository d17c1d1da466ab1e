import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { Booking } from '../rules';
import { classesKey } from '@/lib/api/classes';

/** markDone marks a class that has ended as done (PUT /api/slot/done/{id}/):
 * its price moves from escrow to the teacher's wallet. */
export function markDone(id: number, tz: string): Promise<Booking> {
  return request(api.PUT('/api/slot/done/{id}/', { params: { path: { id }, query: { tz } } }));
}

export function useMarkDone(tz: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => markDone(id, tz),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classesKey }),
  });
}
