import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type TeacherProfile = components['schemas']['TeacherProfile'];

const teacherProfileKey = ['teacher-profile'] as const;

/** getTeacherProfile reads the signed-in teacher's profile (GET /api/teacher/profile/), for its time zone. */
export function getTeacherProfile(signal?: AbortSignal): Promise<TeacherProfile> {
  return request(api.GET('/api/teacher/profile/', { signal }));
}

export const teacherProfileQuery = () =>
  queryOptions({ queryKey: teacherProfileKey, queryFn: ({ signal }) => getTeacherProfile(signal) });

export function useTeacherProfile() {
  return useQuery(teacherProfileQuery());
}

/** saveTeacherTimeZone saves the zone the teacher's slots and courses are read in
 * (POST /api/teacher/profile/, multipart field timezone; other fields stay). */
export function saveTeacherTimeZone(timezone: string): Promise<TeacherProfile> {
  const form = new FormData();
  form.set('timezone', timezone);
  // openapi-fetch sends FormData as is, with its multipart boundary.
  return request(api.POST('/api/teacher/profile/', { body: form as unknown as { timezone?: string } }));
}

export function useSaveTeacherTimeZone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveTeacherTimeZone,
    onSuccess: (profile) => qc.setQueryData(teacherProfileKey, profile),
  });
}
