import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { useViewerTimeZone } from '@/lib/time-zone';
import type { Booking } from '../rules';
import { classesKey } from './keys';

/** getStudentClasses reads the signed-in student's classes, dated in tz (GET /api/slot/lists/student/?tz=). */
export function getStudentClasses(tz: string, signal?: AbortSignal): Promise<Booking[]> {
  return request(api.GET('/api/slot/lists/student/', { params: { query: { tz } }, signal }));
}

export const studentClassesQuery = (tz: string) =>
  queryOptions({
    queryKey: [...classesKey, 'student', tz],
    queryFn: ({ signal }) => getStudentClasses(tz, signal),
  });

export function useStudentClasses() {
  const tz = useViewerTimeZone();
  return useQuery(studentClassesQuery(tz));
}
