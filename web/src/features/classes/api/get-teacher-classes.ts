import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { useViewerTimeZone } from '@/lib/time-zone';
import type { Booking } from '../rules';
import { classesKey } from '@/lib/api/classes';

/** getTeacherClasses reads the signed-in teacher's classes, cancellation
 * requests among them, dated in tz (GET /api/slot/lists/teacher/?tz=). */
export function getTeacherClasses(tz: string, signal?: AbortSignal): Promise<Booking[]> {
  return request(api.GET('/api/slot/lists/teacher/', { params: { query: { tz } }, signal }));
}

export const teacherClassesQuery = (tz: string) =>
  queryOptions({
    queryKey: [...classesKey, 'teacher', tz],
    queryFn: ({ signal }) => getTeacherClasses(tz, signal),
  });

export function useTeacherClasses() {
  const tz = useViewerTimeZone();
  return useQuery(teacherClassesQuery(tz));
}
