import { useQuery } from '@tanstack/react-query';
import { send } from '@/lib/api/send';
import { adminKeys, useAdminAction } from './keys';
import type { AdminUser, UserDetail } from './types';

export type RoleFilter = '' | 'student' | 'teacher' | 'admin';

/** getUsers finds up to 50 users by name, username or phone (GET /api/admin/users/). */
export function getUsers(q: string, role: RoleFilter, signal?: AbortSignal): Promise<AdminUser[]> {
  return send('GET', '/api/admin/users/', { query: { q: q.trim(), role }, signal });
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
  return send('GET', `/api/admin/users/${id}/`, { signal });
}

export function useUser(id: number) {
  return useQuery({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getUser(id, signal) });
}

/** suspendUser stops a user's tokens at once (POST /api/admin/users/{id}/suspend/). */
export function suspendUser({ id, reason }: { id: number; reason: string }): Promise<AdminUser> {
  return send('POST', `/api/admin/users/${id}/suspend/`, { body: { reason } });
}

/** unsuspendUser lifts a suspension (POST /api/admin/users/{id}/unsuspend/). */
export function unsuspendUser(id: number): Promise<AdminUser> {
  return send('POST', `/api/admin/users/${id}/unsuspend/`, { body: {} });
}

export const useSuspendUser = () => useAdminAction(suspendUser);
export const useUnsuspendUser = () => useAdminAction(unsuspendUser);
