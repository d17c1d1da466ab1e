import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys, useAdminAction } from './keys';
import type { AdminUser, UserDetail } from './types';

export type RoleFilter = '' | AdminUser['role'];

/** getUsers finds up to 50 users by name, username or phone (GET /api/admin/users/). */
export function getUsers(q: string, role: RoleFilter, signal?: AbortSignal): Promise<AdminUser[]> {
  const query = { ...(q.trim() ? { q: q.trim() } : {}), ...(role ? { role } : {}) };
  return request(api.GET('/api/admin/users/', { params: { query }, signal }));
}

export function useUsers(q: string, role: RoleFilter) {
  return useQuery({
    queryKey: adminKeys.users(q.trim(), role),
    queryFn: ({ signal }) => getUsers(q, role, signal),
    // The last list stays while the next search loads, so the page does not jump.
    placeholderData: (previous) => previous,
  });
}

/** getUser reads one user's page: classes, payments, transactions, chats (GET /api/admin/users/{id}/). */
export function getUser(id: number, signal?: AbortSignal): Promise<UserDetail> {
  return request(api.GET('/api/admin/users/{id}/', { params: { path: { id } }, signal }));
}

export function useUser(id: number) {
  return useQuery({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getUser(id, signal) });
}

/** suspendUser stops a user's tokens at once (POST /api/admin/users/{id}/suspend/). */
export function suspendUser({ id, reason }: { id: number; reason: string }): Promise<AdminUser> {
  return request(api.POST('/api/admin/users/{id}/suspend/', { params: { path: { id } }, body: { reason } }));
}

/** unsuspendUser lifts a suspension (POST /api/admin/users/{id}/unsuspend/). */
export function unsuspendUser(id: number): Promise<AdminUser> {
  return request(api.POST('/api/admin/users/{id}/unsuspend/', { params: { path: { id } } }));
}

export const useSuspendUser = () => useAdminAction(suspendUser);
export const useUnsuspendUser = () => useAdminAction(unsuspendUser);
