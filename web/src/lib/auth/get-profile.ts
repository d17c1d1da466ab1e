import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { useAuth } from './auth-provider';
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

/** useWalletBalance reads the wallet balance: `wallet` in GET /api/profile/,
 * fresh on every visit. It shares the session's profile query, so a refresh
 * updates the wallet, the profile's quick stats and the header together. */
export function useWalletBalance() {
  const { token } = useAuth();
  return useQuery({
    queryKey: [...profileQueryKey, token],
    queryFn: ({ signal }) => getProfile(undefined, signal),
    enabled: token !== null,
    staleTime: 0,
    select: (user) => user.wallet,
  });
}
