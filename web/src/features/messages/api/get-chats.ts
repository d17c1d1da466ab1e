import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { chatsQueryKey } from '@/lib/api/chats';
import { useLiveStatus } from '@/lib/events-provider';
import { keepReadMarks } from '../messages-cache';
import type { Chat } from '../types';

/** Spec section 9: the chat list is polled every 10 s (here only while the live stream is down). */
export const CHATS_POLL_MS = 10_000;

/** getChats reads GET /api/chats/: the reader's chats, newest activity first. */
export function getChats(signal?: AbortSignal): Promise<Chat[]> {
  return request(api.GET('/api/chats/', { signal }));
}

export function chatsQueryOptions() {
  return queryOptions({
    queryKey: chatsQueryKey,
    queryFn: async ({ signal, client }) => {
      const fresh = await getChats(signal);
      // What the cache holds when the answer lands, seen events included.
      return keepReadMarks(client.getQueryData<Chat[]>(chatsQueryKey), fresh);
    },
  });
}

/** useChats is the chat list; live events keep it fresh, polling while they cannot. */
export function useChats() {
  const live = useLiveStatus() === 'open';
  return useQuery({ ...chatsQueryOptions(), refetchInterval: live ? false : CHATS_POLL_MS });
}
