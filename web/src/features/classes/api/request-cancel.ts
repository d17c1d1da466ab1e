import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { Booking } from '../rules';
import { classesKey } from './keys';

/** requestCancel asks the teacher to cancel a booked class (PUT /api/slot/cancel/{id}/): it becomes cancel_pending. */
export function requestCancel(id: number, tz: string): Promise<Booking> {
  return request(api.PUT('/api/slot/cancel/{id}/', { params: { path: { id }, query: { tz } } }));
}

export function useRequestCancel(tz: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => requestCancel(id, tz),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classesKey }),
  });
}
