import { useQuery } from '@tanstack/react-query';
import { send } from '@/lib/api/send';
import { adminKeys, useAdminAction } from './keys';
import type { PendingTeacher, ReviewStatus } from './types';

/** getPendingTeachers reads the teachers waiting for review, oldest first (GET /api/admin/teachers/pending/). */
export function getPendingTeachers(signal?: AbortSignal): Promise<PendingTeacher[]> {
  return send('GET', '/api/admin/teachers/pending/', { signal });
}

export function usePendingTeachers() {
  return useQuery({ queryKey: adminKeys.pendingTeachers, queryFn: ({ signal }) => getPendingTeachers(signal) });
}

type ReviewAnswer = { review_status: ReviewStatus; review_reason?: string };

/** approveTeacher lists a teacher (POST /api/admin/teachers/{id}/approve/). */
export function approveTeacher(id: number): Promise<ReviewAnswer> {
  return send('POST', `/api/admin/teachers/${id}/approve/`, { body: {} });
}

/** rejectTeacher sends the profile back with a reason the teacher sees (POST /api/admin/teachers/{id}/reject/). */
export function rejectTeacher({ id, reason }: { id: number; reason: string }): Promise<ReviewAnswer> {
  return send('POST', `/api/admin/teachers/${id}/reject/`, { body: { reason } });
}

export const useApproveTeacher = () => useAdminAction(approveTeacher);
export const useRejectTeacher = () => useAdminAction(rejectTeacher);
