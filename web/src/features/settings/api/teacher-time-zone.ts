import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { teacherProfileKey, type TeacherProfile } from '@/lib/api/teacher-profile';

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
