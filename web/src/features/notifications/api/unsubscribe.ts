import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { NotificationKind } from '../types';

/** What an unsubscribe link turned off. */
export type Unsubscribed = { kind: NotificationKind; channel: 'sms' | 'email' };

/** unsubscribe is POST /api/notifications/unsubscribe/ with an email's signed
 * token: that kind of email stops, no sign-in needed. */
export function unsubscribe(token: string): Promise<Unsubscribed> {
  return request(api.POST('/api/notifications/unsubscribe/', { body: { token } }));
}

/** useUnsubscribe runs the unsubscribe once per token (a re-render or a
 * second mount does not repeat it). */
export function useUnsubscribe(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => unsubscribe(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
