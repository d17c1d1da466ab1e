import { queryOptions, useQueries } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Teacher = components['schemas']['Teacher'];

/** getTeacher reads a teacher's public profile (GET /api/teachers/{id}/profile/), for the bio. */
export function getTeacher(id: number, signal?: AbortSignal): Promise<Teacher> {
  return request(api.GET('/api/teachers/{id}/profile/', { params: { path: { id } }, signal }));
}

export const teacherQuery = (id: number) =>
  queryOptions({
    queryKey: ['teacher', id],
    queryFn: ({ signal }) => getTeacher(id, signal),
    staleTime: 5 * 60_000,
  });

/** useTeachers reads several teachers' profiles at once; a missing one stays undefined. */
export function useTeachers(ids: number[]) {
  return useQueries({ queries: ids.map((id) => ({ ...teacherQuery(id), retry: false })) });
}
