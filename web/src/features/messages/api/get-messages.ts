import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { useLiveStatus } from '@/lib/events-provider';
import { mergeNewest, prependOlder, type MessagePage } from '../messages-cache';
import type { Message } from '../types';

/** Spec section 9: an open chat is polled every 3 s (here only while the live stream is down). */
export const MESSAGES_POLL_MS = 3_000;
/** Messages per page. */
export const MESSAGES_PAGE = 50;

export const messagesQueryKey = (chatId: number) => ['chat-messages', chatId] as const;

/** getMessages reads a page of GET /api/chats/{id}/messages/, oldest first;
 * with before (a message id), the page before it. */
export function getMessages(chatId: number, opts: { before?: number; limit?: number; signal?: AbortSignal } = {}): Promise<Message[]> {
  return request(
    api.GET('/api/chats/{id}/messages/', {
      params: { path: { id: chatId }, query: { before: opts.before, limit: opts.limit ?? MESSAGES_PAGE } },
      signal: opts.signal,
    }),
  );
}

/** useMessages is an open chat's messages: the newest page first, older
 * pages on demand (loadOlder), new ones from live events, sends or polls. */
export function useMessages(chatId: number) {
  const queryClient = useQueryClient();
  const live = useLiveStatus() === 'open';
  const key = messagesQueryKey(chatId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const newest = await getMessages(chatId, { signal });
      return mergeNewest(queryClient.getQueryData<MessagePage>(key), newest, MESSAGES_PAGE);
    },
    refetchInterval: live ? false : MESSAGES_POLL_MS,
  });

  const [older, setOlder] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const loadOlder = useCallback(async () => {
    const page = queryClient.getQueryData<MessagePage>(key);
    const oldest = page?.messages[0];
    if (!page?.hasOlder || !oldest || older.loading) return;
    setOlder({ loading: true, error: null });
    try {
      const list = await getMessages(chatId, { before: oldest.id });
      queryClient.setQueryData<MessagePage>(key, (prev) => prependOlder(prev, list, MESSAGES_PAGE));
      setOlder({ loading: false, error: null });
    } catch (error) {
      setOlder({ loading: false, error });
    }
    // key is derived from chatId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chatId, queryClient, older.loading]);

  return { ...query, loadOlder, loadingOlder: older.loading, olderError: older.error };
}
