import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type StudentProfile = components['schemas']['StudentProfile'];
export type StudentLanguage = components['schemas']['StudentLanguage'];

export const studentProfileKey = ['student-profile'] as const;

/** getStudentProfile reads the signed-in student's profile (GET /api/student/profile/). */
export function getStudentProfile(signal?: AbortSignal): Promise<StudentProfile> {
  return request(api.GET('/api/student/profile/', { signal }));
}

export function useStudentProfile() {
  return useQuery({ queryKey: studentProfileKey, queryFn: ({ signal }) => getStudentProfile(signal) });
}
