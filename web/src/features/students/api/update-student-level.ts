import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { studentsQueryKey } from '@/lib/api/students';

type Body = NonNullable<paths['/api/teacher/update-student-level/']['post']['requestBody']>['content']['application/json'];
export type StudentLevel = NonNullable<Body['level']>;
export type LevelChange = { student_id: number; level: StudentLevel; language?: string };

/** updateStudentLevel sets one of the teacher's students' level, and their
 * level in a language when one is given (POST /api/teacher/update-student-level/). */
export function updateStudentLevel({ student_id, level, language }: LevelChange): Promise<{ detail: string }> {
  const body: Body = language ? { student_id, level, language } : { student_id, level };
  return request(api.POST('/api/teacher/update-student-level/', { body }));
}

export function useUpdateStudentLevel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateStudentLevel,
    onSuccess: () => qc.invalidateQueries({ queryKey: studentsQueryKey }),
  });
}
