import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { profileQueryKey } from '@/lib/auth/get-profile';
import { studentProfileKey, type StudentProfile } from './get-student-profile';

/** uploadStudentPhoto sets the student's photo (POST /api/student/profile/upload-photo/, field profile_photo). */
export function uploadStudentPhoto(file: File): Promise<{ profile_photo_url: string }> {
  const form = new FormData();
  form.append('profile_photo', file);
  return request(api.POST('/api/student/profile/upload-photo/', { body: {}, bodySerializer: () => form }));
}

export function useUploadStudentPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStudentPhoto,
    onSuccess: ({ profile_photo_url }) => {
      queryClient.setQueryData<StudentProfile>(studentProfileKey, (p) =>
        p ? { ...p, photo: profile_photo_url, profile_photo_url } : p,
      );
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
