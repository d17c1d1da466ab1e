import { useMutation, useQueryClient } from '@tanstack/react-query';
import { send } from '@/lib/api/send';
import { teacherProfileKey, type TeacherProfile } from './get-teacher-profile';

/** ProfileReview is where an operator's review of the teacher's profile
 * stands (issue 14): a new teacher is listed once it is approved. */
export type ProfileReview = { status: 'pending' | 'approved' | 'rejected'; reason: string; requested_at: string | null };

/** reviewOf reads the review of GET /api/teacher/profile/; null from a server that reviews no one. */
export function reviewOf(profile: TeacherProfile): ProfileReview | null {
  return (profile as TeacherProfile & { review?: ProfileReview }).review ?? null;
}

/** askReview asks operators to look at the profile again after they rejected it (POST /api/teacher/profile/review/). */
export function askReview(): Promise<ProfileReview> {
  return send('POST', '/api/teacher/profile/review/', { body: {} });
}

export function useAskReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teacherProfileKey }),
  });
}
