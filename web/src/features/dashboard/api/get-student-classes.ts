import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { useViewerTimeZone } from '@/lib/time-zone';

export type Booking = components['schemas']['Booking'];

/** getStudentClasses reads the student's classes (GET /api/slot/lists/student/), dated in tz. */
export function getStudentClasses(tz: string, signal?: AbortSignal): Promise<Booking[]> {
  return request(api.GET('/api/slot/lists/student/', { params: { query: { tz } }, signal }));
}

export const studentClassesQuery = (tz: string) =>
  queryOptions({
    queryKey: ['student-classes', tz],
    queryFn: ({ signal }) => getStudentClasses(tz, signal),
  });

export function useStudentClasses() {
  const tz = useViewerTimeZone();
  return useQuery(studentClassesQuery(tz));
}
