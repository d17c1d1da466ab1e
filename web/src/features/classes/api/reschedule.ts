import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { classesKey } from '@/lib/api/classes';

export type Reschedule = components['schemas']['Reschedule'];

/** proposeReschedule proposes moving class booking to a free slot of its
 * teacher (POST /api/slot/{id}/reschedule/); the slot is held until the
 * other side answers or the proposal expires. */
export function proposeReschedule(booking: number, slot: number, tz: string): Promise<Reschedule> {
  return request(api.POST('/api/slot/{id}/reschedule/', { params: { path: { id: booking }, query: { tz } }, body: { slot } }));
}

/** answerReschedule accepts (the class moves) or declines a proposal of the
 * other side (PUT /api/slot/reschedule/{id}/); the answer is the proposal. */
export function answerReschedule(id: number, accept: boolean, tz: string): Promise<Reschedule> {
  return request(api.PUT('/api/slot/reschedule/{id}/', { params: { path: { id }, query: { tz } }, body: { accept } }));
}

// Both change the class lists and which slots of the teacher are free.
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: classesKey }),
      queryClient.invalidateQueries({ queryKey: ['slots'] }),
    ]);
}

export function useProposeReschedule(tz: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ booking, slot }: { booking: number; slot: number }) => proposeReschedule(booking, slot, tz),
    onSettled: invalidate,
  });
}

export function useAnswerReschedule(tz: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) => answerReschedule(id, accept, tz),
    onSettled: invalidate,
  });
}
