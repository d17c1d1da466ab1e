import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type TeacherProfile = components['schemas']['TeacherProfile'];

/** teacherProfileKey is the key of the signed-in teacher's own profile, which
 * the profile editor and the settings' time zone both read and write. */
export const teacherProfileKey = ['teacher-profile'] as const;

/** getTeacherProfile reads the signed-in teacher's own profile (GET /api/teacher/profile/). */
export function getTeacherProfile(signal?: AbortSignal): Promise<TeacherProfile> {
  return request(api.GET('/api/teacher/profile/', { signal }));
}

export const teacherProfileQuery = () =>
  queryOptions({ queryKey: teacherProfileKey, queryFn: ({ signal }) => getTeacherProfile(signal) });

export function useTeacherProfile() {
  return useQuery(teacherProfileQuery());
}
