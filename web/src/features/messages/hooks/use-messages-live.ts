import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveEvent, useLiveOpened } from '@/lib/events-provider';
import { chatsQueryKey } from '@/lib/api/chats';
import { messagesQueryKey } from '../api/get-messages';
import { appendMessage, withLastMessage, withOtherRead, withReadChat, type MessagePage } from '../messages-cache';
import { isMessageEventData, isReadEventData, isSeenEventData, type Chat } from '../types';

// Several components keep the caches in step (the sidebar badge, the
// messages screen); each event's data object is shared by all handlers of
// one delivery, so it is applied once.
const applied = new WeakSet<object>();

function once(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || applied.has(data)) return false;
  applied.add(data);
  return true;
}

/** refresh reads key again from the server. A first read still on its way
 * may have started before the change being caught up on, and React Query
 * would hand back that read rather than start another: cancel it first. */
function refresh(queryClient: QueryClient, key: QueryKey): void {
  const state = queryClient.getQueryState(key);
  if (state?.fetchStatus === 'fetching' && state.data === undefined) {
    void queryClient
      .cancelQueries({ queryKey: key, exact: true })
      .then(() => queryClient.invalidateQueries({ queryKey: key, exact: true }));
  } else {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** useMessagesLiveSync applies live events to the cached chats and messages:
 * a new message is appended to its chat at once and the list is refreshed
 * for its unread counts; a chat read in another tab refreshes the list; the
 * other side's reading moves the chat's read mark (the sender's "read"). When
 * the stream (re)opens, the list and open chats are read again to catch up. */
export function useMessagesLiveSync(): void {
  const queryClient = useQueryClient();
  useLiveEvent('message', (data) => {
    if (!isMessageEventData(data) || !once(data)) return;
    const m = data.message;
    const key = messagesQueryKey(data.chat_id);
    if (queryClient.getQueryData<MessagePage>(key) === undefined) {
      // Not loaded yet: read it (if the chat is open) rather than lose the message.
      refresh(queryClient, key);
    } else {
      // A read on its way merges with what the cache holds when it lands, so this stays.
      queryClient.setQueryData<MessagePage>(key, (prev) => appendMessage(prev, m));
    }
    queryClient.setQueryData<Chat[]>(chatsQueryKey, (prev) => withLastMessage(prev, m));
    refresh(queryClient, chatsQueryKey);
  });
  useLiveEvent('read', (data) => {
    if (!isReadEventData(data) || !once(data)) return;
    queryClient.setQueryData<Chat[]>(chatsQueryKey, (prev) => withReadChat(prev, data.chat_id));
    refresh(queryClient, chatsQueryKey);
  });
  useLiveEvent('seen', (data) => {
    if (!isSeenEventData(data) || !once(data)) return;
    queryClient.setQueryData<Chat[]>(chatsQueryKey, (prev) => withOtherRead(prev, data.chat_id, data.read_id));
  });
  useLiveOpened((opening) => {
    if (!once(opening)) return;
    refresh(queryClient, chatsQueryKey);
    for (const q of queryClient.getQueryCache().findAll({ queryKey: ['chat-messages'] })) refresh(queryClient, q.queryKey);
  });
}
