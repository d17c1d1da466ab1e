import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { Plan } from '../builder';
import { mySlotsKey } from './get-my-slots';

/** BatchResult is how many slots were created and which were skipped
 * because they repeat or overlap the teacher's own. */
export type BatchResult = { created: number; skipped: number };

/** A new slot by its instants. */
export type NewSlot = { start: number; end: number };

type BatchBody = { slots: Array<{ start: string; end: string }> } | { plan: Plan; timezone: string };

/** createSlots opens many slots in one request and one transaction
 * (POST /api/slot/available/batch/): the calendar's selection as instants,
 * or the Smart Builder's plan, whose dates and times are read in timezone. */
export async function createSlots(body: BatchBody): Promise<BatchResult> {
  const r = await request(api.POST('/api/slot/available/batch/', { body }));
  return { created: r.created, skipped: r.skipped };
}

/** useSaveSelection saves the calendar's chosen cells in one request. */
export function useSaveSelection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slots: readonly NewSlot[]) =>
      createSlots({ slots: slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySlotsKey }),
  });
}

/** useBuildSlots sends a Smart Builder plan, read in the viewer's zone tz. */
export function useBuildSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ plan, tz }: { plan: Plan; tz: string }) => createSlots({ plan, timezone: tz }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySlotsKey }),
  });
}
