import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { profileQueryKey } from '@/lib/auth/get-profile';
import { teacherProfileKey, type TeacherProfile } from '@/lib/api/teacher-profile';

/** updateTeacherProfile saves the editor's multipart form (POST /api/teacher/profile/):
 * the filled text fields, language_levels as JSON text, and the chosen files.
 * Documents the server could not accept come back in document_errors. */
export function updateTeacherProfile(form: FormData): Promise<TeacherProfile> {
  return request(api.POST('/api/teacher/profile/', { body: {}, bodySerializer: () => form }));
}

export function useUpdateTeacherProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeacherProfile,
    onSuccess: (profile) => {
      // document_errors belong to this save only; the cached profile is without them.
      queryClient.setQueryData<TeacherProfile>(teacherProfileKey, { ...profile, document_errors: undefined });
      // The header shows the photo and name from the session's profile.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
