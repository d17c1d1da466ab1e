import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys, useAdminAction } from './keys';
import type { PendingTeacher } from './types';

/** getPendingTeachers reads the teachers waiting for review, oldest first (GET /api/admin/teachers/pending/). */
export function getPendingTeachers(signal?: AbortSignal): Promise<PendingTeacher[]> {
  return request(api.GET('/api/admin/teachers/pending/', { signal }));
}

export function usePendingTeachers() {
  return useQuery({ queryKey: adminKeys.pendingTeachers, queryFn: ({ signal }) => getPendingTeachers(signal) });
}

/** approveTeacher lists a teacher (POST /api/admin/teachers/{id}/approve/). */
export function approveTeacher(id: number) {
  return request(api.POST('/api/admin/teachers/{id}/approve/', { params: { path: { id } } }));
}

/** rejectTeacher sends the profile back with a reason the teacher sees (POST /api/admin/teachers/{id}/reject/). */
export function rejectTeacher({ id, reason }: { id: number; reason: string }) {
  return request(api.POST('/api/admin/teachers/{id}/reject/', { params: { path: { id } }, body: { reason } }));
}

export const useApproveTeacher = () => useAdminAction(approveTeacher);
export const useRejectTeacher = () => useAdminAction(rejectTeacher);
