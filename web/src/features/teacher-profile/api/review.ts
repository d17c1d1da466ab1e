import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { teacherProfileKey } from '@/lib/api/teacher-profile';

/** ProfileReview is where an operator's review of the teacher's profile
 * stands: a new teacher is listed once it is approved. */
export type ProfileReview = components['schemas']['TeacherReview'];

/** askReview asks operators to look at the profile again after they rejected it (POST /api/teacher/profile/review/). */
export function askReview(): Promise<ProfileReview> {
  return request(api.POST('/api/teacher/profile/review/'));
}

export function useAskReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teacherProfileKey }),
  });
}
