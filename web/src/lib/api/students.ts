import { queryOptions } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';

/** TeacherStudent is one of the students who booked the teacher, with their figures. */
export type TeacherStudent = paths['/api/students/list/']['get']['responses'][200]['content']['application/json'][number];

export const studentsQueryKey = ['teacher-students'] as const;

/** getStudents reads the teacher's students (GET /api/students/list/). */
export function getStudents(signal?: AbortSignal): Promise<TeacherStudent[]> {
  return request(api.GET('/api/students/list/', { signal }));
}

/** studentsQuery is the one query of the teacher's students (the Students
 * screen, and the new-chat list of a teacher). */
export const studentsQuery = () => queryOptions({ queryKey: studentsQueryKey, queryFn: ({ signal }) => getStudents(signal) });
