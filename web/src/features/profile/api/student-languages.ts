import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { studentProfileKey, type StudentProfile } from './get-student-profile';

/** The main site's id of English, which the adder sends (spec section 5). */
export const ENGLISH_WP_ID = 17;

export type StudentLevelChoice = 'beginner' | 'intermediate' | 'advanced';

/** addStudentLanguage adds a language the student learns, or changes its level
 * (POST /api/student/language-level/). English goes by its main-site id. */
export function addStudentLanguage(input: { language: string; level: StudentLevelChoice }): Promise<StudentProfile> {
  const language = input.language === 'English' ? ENGLISH_WP_ID : input.language;
  return request(api.POST('/api/student/language-level/', { body: { language, level: input.level } }));
}

/** removeStudentLanguage removes one (DELETE /api/student/language-level/{id}/). */
export function removeStudentLanguage(id: number): Promise<StudentProfile> {
  return request(api.DELETE('/api/student/language-level/{id}/', { params: { path: { id } } }));
}

export function useAddStudentLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStudentLanguage,
    onSuccess: (profile) => queryClient.setQueryData(studentProfileKey, profile),
  });
}

export function useRemoveStudentLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStudentLanguage,
    onSuccess: (profile) => queryClient.setQueryData(studentProfileKey, profile),
  });
}
