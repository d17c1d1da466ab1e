import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { useViewerTimeZone } from '@/lib/time-zone';

/** StudentProgress is the student's figures from their own classes (GET /api/student/progress/). */
export type StudentProgress =
  paths['/api/student/progress/']['get']['responses'][200]['content']['application/json'];
export type ProgressWeek = StudentProgress['weekly'][number];

/** getProgress reads the student's progress, with weeks counted in tz. */
export function getProgress(tz: string, signal?: AbortSignal): Promise<StudentProgress> {
  return request(api.GET('/api/student/progress/', { params: { query: { tz } }, signal }));
}

export const progressQuery = (tz: string) =>
  queryOptions({
    queryKey: ['progress', tz],
    queryFn: ({ signal }) => getProgress(tz, signal),
    staleTime: 30_000,
  });

/** useProgress is the one source of the sidebar card's and the dashboard's figures. */
export function useProgress() {
  const tz = useViewerTimeZone();
  return useQuery(progressQuery(tz));
}
