import { queryOptions } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components, paths } from '@/lib/api/schema';

export type Teacher = components['schemas']['Teacher'];
export type TeacherList = components['schemas']['TeacherList'];
export type TeacherListQuery = NonNullable<paths['/api/teachers/list/']['get']['parameters']['query']>;

/** teachersQueryKey prefixes every query of the teachers (the list, a deep
 * link, a profile); a booking or a review invalidates it. */
export const teachersQueryKey = ['teachers'] as const;

/** listTeachers reads one page of bookable teachers; the server searches,
 * filters and sorts (GET /api/teachers/list/). */
export function listTeachers(query: TeacherListQuery, signal?: AbortSignal): Promise<TeacherList> {
  return request(api.GET('/api/teachers/list/', { params: { query }, signal }));
}

/** getTeacher reads a teacher's public profile (GET /api/teachers/{id}/profile/). */
export function getTeacher(id: number, signal?: AbortSignal): Promise<Teacher> {
  return request(api.GET('/api/teachers/{id}/profile/', { params: { path: { id } }, signal }));
}

export const teacherQuery = (id: number) =>
  queryOptions({
    queryKey: [...teachersQueryKey, 'profile', id],
    queryFn: ({ signal }) => getTeacher(id, signal),
  });
