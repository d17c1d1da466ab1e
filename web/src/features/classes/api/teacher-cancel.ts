import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { Booking } from '../rules';
import { classesKey } from '@/lib/api/classes';

/** teacherCancel cancels an upcoming class by its teacher (PUT
 * /api/slot/teacher-cancel/{id}/): the student is refunded in full and the
 * slot is withdrawn. */
export function teacherCancel(id: number, tz: string): Promise<Booking> {
  return request(api.PUT('/api/slot/teacher-cancel/{id}/', { params: { path: { id }, query: { tz } } }));
}

export function useTeacherCancel(tz: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => teacherCancel(id, tz),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classesKey }),
  });
}
