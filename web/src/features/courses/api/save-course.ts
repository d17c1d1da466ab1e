import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { coursesQueryKey, type Course, type CourseInput } from './get-courses';

/** createCourse adds a course (POST /api/courses/). */
export function createCourse(c: CourseInput): Promise<Course> {
  return request(api.POST('/api/courses/', { body: c }));
}

/** updateCourse changes one of the teacher's courses (PUT /api/courses/{id}/). */
export function updateCourse({ id, ...c }: CourseInput & { id: number }): Promise<Course> {
  return request(api.PUT('/api/courses/{id}/', { params: { path: { id } }, body: c }));
}

/** deleteCourse removes one of the teacher's courses (DELETE /api/courses/{id}/). */
export async function deleteCourse(id: number): Promise<void> {
  await request(api.DELETE('/api/courses/{id}/', { params: { path: { id } } }));
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: coursesQueryKey });
}

export function useCreateCourse() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: createCourse, onSuccess });
}

export function useUpdateCourse() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateCourse, onSuccess });
}

export function useDeleteCourse() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteCourse, onSuccess });
}
