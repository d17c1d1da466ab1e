import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { Booking } from '../rules';
import { classesKey } from '@/lib/api/classes';

/** decideCancel answers a student's cancellation request (PUT
 * /api/slot/cancel/approve/?id=): approving refunds the student and frees the
 * slot; rejecting books the class again. */
export function decideCancel(id: number, approve: boolean, tz: string): Promise<Booking> {
  return request(api.PUT('/api/slot/cancel/approve/', { params: { query: { id, tz } }, body: { approve } }));
}

export function useDecideCancel(tz: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) => decideCancel(id, approve, tz),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classesKey }),
  });
}
