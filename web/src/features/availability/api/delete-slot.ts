import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { mySlotsKey } from './get-my-slots';

/** deleteSlot removes one of the teacher's free slots (DELETE /api/available-slot/{id}/delete/). */
export async function deleteSlot(id: number): Promise<void> {
  await request(api.DELETE('/api/available-slot/{id}/delete/', { params: { path: { id } } }));
}

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySlotsKey }),
  });
}
