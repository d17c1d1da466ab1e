import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type TeacherProfile = components['schemas']['TeacherProfile'];
export type LanguageLevels = components['schemas']['LanguageLevels'];
export type TeacherDocument = components['schemas']['Document'];

export const teacherProfileKey = ['teacher-profile'] as const;

/** getTeacherProfile reads the signed-in teacher's own profile (GET /api/teacher/profile/). */
export function getTeacherProfile(signal?: AbortSignal): Promise<TeacherProfile> {
  return request(api.GET('/api/teacher/profile/', { signal }));
}

export function useTeacherProfile() {
  return useQuery({ queryKey: teacherProfileKey, queryFn: ({ signal }) => getTeacherProfile(signal) });
}
