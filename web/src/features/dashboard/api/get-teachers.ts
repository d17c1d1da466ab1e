import { useQueries } from '@tanstack/react-query';
import { teacherQuery } from '@/lib/api/teachers';

/** useTeacherProfiles reads several teachers' public profiles at once (for
 * their bios); a missing one stays undefined. */
export function useTeacherProfiles(ids: number[]) {
  return useQueries({ queries: ids.map((id) => ({ ...teacherQuery(id), staleTime: 5 * 60_000, retry: false })) });
}
