import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { useViewerTimeZone } from '@/lib/time-zone';

export type Booking = components['schemas']['Booking'];

/** classesKey is the root key of every class list (the student's, the
 * teacher's); a class action or a review invalidates it, so the dashboard and
 * the classes screens follow together. */
export const classesKey = ['classes'] as const;

/** getStudentClasses reads the signed-in student's classes, dated in tz (GET /api/slot/lists/student/?tz=). */
export function getStudentClasses(tz: string, signal?: AbortSignal): Promise<Booking[]> {
  return request(api.GET('/api/slot/lists/student/', { params: { query: { tz } }, signal }));
}

export const studentClassesQuery = (tz: string) =>
  queryOptions({
    queryKey: [...classesKey, 'student', tz],
    queryFn: ({ signal }) => getStudentClasses(tz, signal),
  });

/** useStudentClasses is the one reader of the student's classes (the classes
 * screen and the dashboard's booked teachers). */
export function useStudentClasses() {
  const tz = useViewerTimeZone();
  return useQuery(studentClassesQuery(tz));
}
