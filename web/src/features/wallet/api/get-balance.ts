import { useQuery } from '@tanstack/react-query';
import { getProfile, profileQueryKey } from '@/lib/auth/get-profile';
import { useAuth } from '@/lib/auth/auth-provider';

/** useWalletBalance reads the student's balance: `wallet` in GET /api/profile/.
 * It shares the session's profile query, so a refresh updates both. */
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
