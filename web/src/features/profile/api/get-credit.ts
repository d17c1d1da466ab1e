import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-provider';
import { getProfile, profileQueryKey } from '@/lib/auth/get-profile';

/** useCredit reads the wallet balance the profile's quick stats show: `wallet`
 * in GET /api/profile/, fresh on every visit. It shares the session's profile
 * query, so the header's user follows too. */
export function useCredit() {
  const { token } = useAuth();
  return useQuery({
    queryKey: [...profileQueryKey, token],
    queryFn: ({ signal }) => getProfile(undefined, signal),
    enabled: token !== null,
    staleTime: 0,
    select: (user) => user.wallet,
  });
}
