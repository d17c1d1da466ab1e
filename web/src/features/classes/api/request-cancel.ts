import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { profileQueryKey } from '@/lib/auth/get-profile';
import type { Booking } from '../rules';
import { classesKey } from '@/lib/api/classes';

/** requestCancel cancels a booked class (PUT /api/slot/cancel/{id}/): at
 * once and refunded (approved_cancel) while free_cancel_until is ahead, else
 * as a request to the teacher (cancel_pending). */
export function requestCancel(id: number, tz: string): Promise<Booking> {
  return request(api.PUT('/api/slot/cancel/{id}/', { params: { path: { id }, query: { tz } } }));
}

export function useRequestCancel(tz: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => requestCancel(id, tz),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: classesKey }),
        // A free cancellation refunds the wallet at once.
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}
