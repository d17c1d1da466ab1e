import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { classesKey } from '@/lib/api/classes';

export type Problem = components['schemas']['ProblemReport'];
export type ProblemReason = Problem['reason'];
export type Resolution = Problem['resolution'];

export type NewProblem = { booking: number; reason: ProblemReason; text: string; resolution: Resolution };

/** useReportProblem reports a problem with an ended class (POST /api/slot/{id}/problem/). */
export function useReportProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, ...body }: NewProblem) =>
      request(api.POST('/api/slot/{id}/problem/', { params: { path: { id: booking } }, body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classesKey }),
  });
}

/** useAnswerProblem is the other side's accept (the money moves as proposed)
 * or decline (a dispute an operator decides) of a report (PUT /api/slot/problem/{id}/). */
export function useAnswerProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      request(api.PUT('/api/slot/problem/{id}/', { params: { path: { id } }, body: { accept } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classesKey }),
  });
}
