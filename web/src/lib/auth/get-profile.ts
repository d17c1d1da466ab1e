import { api, request } from '@/lib/api/client';
import type { User } from './user';

/** getProfile reads the signed-in user's profile. A token may be passed when
 * the session is not stored yet (right after POST /api/token/). */
export function getProfile(token?: string, signal?: AbortSignal): Promise<User> {
  return request(
    api.GET('/api/profile/', {
      signal,
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    }),
  );
}

export const profileQueryKey = ['profile'] as const;
