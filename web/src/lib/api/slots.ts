import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Slot = components['schemas']['Slot'];

/** teacherSlotsKey is the key of a teacher's free slots; a booking invalidates it. */
export const teacherSlotsKey = (teacherId: number) => ['slots', 'teacher', teacherId] as const;

/** getTeacherSlots reads a teacher's free future slots, their dates and times
 * in tz (GET /api/slot/teacher/{id}/?tz=). */
export function getTeacherSlots(teacherId: number, tz: string, signal?: AbortSignal): Promise<Slot[]> {
  return request(api.GET('/api/slot/teacher/{id}/', { params: { path: { id: teacherId }, query: { tz } }, signal }));
}

export function useTeacherSlots(teacherId: number | null, tz: string) {
  return useQuery({
    queryKey: [...teacherSlotsKey(teacherId ?? 0), tz],
    queryFn: ({ signal }) => getTeacherSlots(teacherId!, tz, signal),
    enabled: teacherId !== null,
    staleTime: 0,
  });
}
