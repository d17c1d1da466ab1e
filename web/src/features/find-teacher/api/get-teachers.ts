import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listTeachers, teachersQueryKey, type TeacherList } from '@/lib/api/teachers';
import { queryOf, type TeacherSearch } from '../search-params';

/** Teachers per page of the find-teacher screen. */
export const PAGE_SIZE = 12;

/** getTeachers reads one page of bookable teachers: the server searches,
 * filters and sorts (GET /api/teachers/list/). Slot times come in tz, and
 * the days and times of day filters mean tz's. */
export function getTeachers(search: TeacherSearch, tz: string, signal?: AbortSignal): Promise<TeacherList> {
  return listTeachers({ ...queryOf(search), page_size: PAGE_SIZE, tz }, signal);
}

/** useTeachers keeps the previous page on screen while the next one loads. */
export function useTeachers(search: TeacherSearch, tz: string) {
  return useQuery({
    queryKey: [...teachersQueryKey, 'list', search, tz],
    queryFn: ({ signal }) => getTeachers(search, tz, signal),
    placeholderData: keepPreviousData,
  });
}
