import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys, useAdminAction } from './keys';
import type { AdminReview } from './types';

/** getReviews reads reviews, newest first, of one teacher or of all (GET /api/admin/reviews/). */
export function getReviews(teacherId: number | null, signal?: AbortSignal): Promise<AdminReview[]> {
  return request(api.GET('/api/admin/reviews/', { params: { query: teacherId === null ? {} : { teacher_id: teacherId } }, signal }));
}

export function useReviews(teacherId: number | null) {
  return useQuery({ queryKey: adminKeys.reviews(teacherId), queryFn: ({ signal }) => getReviews(teacherId, signal) });
}

/** hideReview takes a review out of the public lists; the rating is recomputed (POST /api/admin/reviews/{id}/hide/). */
export function hideReview({ id, reason }: { id: number; reason: string }): Promise<AdminReview> {
  return request(api.POST('/api/admin/reviews/{id}/hide/', { params: { path: { id } }, body: { reason } }));
}

export const useHideReview = () => useAdminAction(hideReview);
