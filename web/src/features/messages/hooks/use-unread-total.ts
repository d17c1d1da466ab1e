import { useChats } from '../api/get-chats';
import { useActiveChatId } from './active-chat';
import { useMessagesLiveSync } from './use-messages-live';

/** useUnreadTotal is the number of unread messages over all chats (the
 * chat open on screen excluded: it is being read). */
export function useUnreadTotal(): number {
  useMessagesLiveSync();
  const { data } = useChats();
  const active = useActiveChatId();
  return (data ?? []).reduce((n, c) => n + (c.id === active ? 0 : c.unread), 0);
}
