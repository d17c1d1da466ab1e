import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Course = components['schemas']['Course'];
export type CourseInput = Pick<Course, 'title' | 'description' | 'classLink' | 'days' | 'startTime' | 'isActive'>;

/** getCourses reads a teacher's own courses, or the active courses of a student's teachers (GET /api/courses/). */
export function getCourses(signal?: AbortSignal): Promise<Course[]> {
  return request(api.GET('/api/courses/', { signal }));
}

export const coursesQueryKey = ['courses'] as const;

export const coursesQuery = () =>
  queryOptions({ queryKey: coursesQueryKey, queryFn: ({ signal }) => getCourses(signal) });

export function useCourses() {
  return useQuery(coursesQuery());
}
