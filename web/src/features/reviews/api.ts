import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { classesKey } from '@/lib/api/classes';
import { teachersQueryKey } from '@/lib/api/teachers';

export type Review = components['schemas']['Review'];
export type ReviewList = components['schemas']['ReviewList'];

/** reviewsKey prefixes every review query; writing a review or an answer invalidates it. */
export const reviewsKey = ['reviews'] as const;

/** getTeacherReviews reads a page of a teacher's reviews, newest first, 20 a page. */
export function getTeacherReviews(teacherId: number, page: number, signal?: AbortSignal): Promise<ReviewList> {
  return request(api.GET('/api/teachers/{id}/reviews/', { params: { path: { id: teacherId }, query: { page } }, signal }));
}

export function useTeacherReviews(teacherId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: [...reviewsKey, teacherId, page],
    queryFn: ({ signal }) => getTeacherReviews(teacherId, page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** useAddReview rates a done class (POST /api/slot/{id}/review/); the class
 * lists, the teacher cards and the reviews read again. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, rating, text }: { booking: number; rating: number; text: string }) =>
      request(api.POST('/api/slot/{id}/review/', { params: { path: { id: booking } }, body: { rating, text } })),
    onSettled: () =>
      Promise.all(
        [classesKey, teachersQueryKey, reviewsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** useReplyToReview is the teacher's one answer to a review (POST /api/reviews/{id}/reply/). */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, text }: { review: number; text: string }) =>
      request(api.POST('/api/reviews/{id}/reply/', { params: { path: { id: review } }, body: { text } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
