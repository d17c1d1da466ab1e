import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { queryOf, type TeacherSearch } from '../search-params';

export type Teacher = components['schemas']['Teacher'];
export type TeacherList = components['schemas']['TeacherList'];

/** teachersQueryKey prefixes every teacher-list query; a booking invalidates it. */
export const teachersQueryKey = ['teachers'] as const;

/** Teachers per page of the find-teacher screen. */
export const PAGE_SIZE = 12;

/** getTeachers reads one page of bookable teachers: the server searches,
 * filters and sorts (GET /api/teachers/list/). Slot times come in tz, and
 * the days and times of day filters mean tz's. */
export function getTeachers(search: TeacherSearch, tz: string, signal?: AbortSignal): Promise<TeacherList> {
  return request(
    api.GET('/api/teachers/list/', {
      params: { query: { ...queryOf(search), page_size: PAGE_SIZE, tz } },
      signal,
    }),
  );
}

/** useTeachers keeps the previous page on screen while the next one loads. */
export function useTeachers(search: TeacherSearch, tz: string) {
  return useQuery({
    queryKey: [...teachersQueryKey, 'list', search, tz],
    queryFn: ({ signal }) => getTeachers(search, tz, signal),
    placeholderData: keepPreviousData,
  });
}
