// The cached messages of one chat, and the pure rules that keep the cache
// whole while pages, live events, polls and sends arrive in any order.
import type { Chat, Message } from './types';

/** MessagePage is what the cache holds for a chat: its loaded messages,
 * oldest first, and whether older ones remain on the server. */
export type MessagePage = { messages: Message[]; hasOlder: boolean };

/** unionById merges lists of messages, each message once, ordered by id
 * (ids grow with time, and unlike timestamps they never tie). */
export function unionById(...lists: Message[][]): Message[] {
  const byId = new Map<number, Message>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** mergeNewest folds the newest page (a first load or a poll) into prev. When
 * the page does not reach back to what prev holds (more messages came than a
 * page holds), prev is dropped rather than leaving a hole. */
export function mergeNewest(prev: MessagePage | undefined, newest: Message[], limit: number): MessagePage {
  const full = newest.length >= limit;
  if (!prev || prev.messages.length === 0) return { messages: unionById(newest), hasOlder: full };
  const prevNewest = prev.messages[prev.messages.length - 1]!.id;
  const pageOldest = newest[0]?.id;
  if (full && pageOldest !== undefined && pageOldest > prevNewest) return { messages: unionById(newest), hasOlder: true };
  return { messages: unionById(prev.messages, newest), hasOlder: prev.hasOlder };
}

/** prependOlder adds a page loaded with ?before= to prev. */
export function prependOlder(prev: MessagePage | undefined, older: Message[], limit: number): MessagePage {
  return { messages: unionById(older, prev?.messages ?? []), hasOlder: older.length >= limit };
}

/** appendMessage adds one message (a live event or a send's answer) to a
 * chat's cache; a chat that was never loaded stays unloaded. */
export function appendMessage(prev: MessagePage | undefined, m: Message): MessagePage | undefined {
  if (!prev) return prev;
  if (prev.messages.some((x) => x.id === m.id)) return prev;
  return { ...prev, messages: unionById(prev.messages, [m]) };
}

/** withLastMessage makes m the chat's last message if it is newer, and moves
 * the chat to the top (the list is newest activity first). Unread counts
 * are left to the server. Unknown chats are left for a refetch to bring. */
export function withLastMessage(chats: Chat[] | undefined, m: Message): Chat[] | undefined {
  if (!chats) return chats;
  const i = chats.findIndex((c) => c.id === m.chat_id);
  if (i === -1) return chats;
  const chat = chats[i]!;
  if (chat.last_message && chat.last_message.id >= m.id) return chats;
  const updated = { ...chat, last_message: m };
  return [updated, ...chats.slice(0, i), ...chats.slice(i + 1)];
}

/** withReadChat sets a chat's unread count to zero. */
export function withReadChat(chats: Chat[] | undefined, chatId: number): Chat[] | undefined {
  if (!chats || !chats.some((c) => c.id === chatId && c.unread > 0)) return chats;
  return chats.map((c) => (c.id === chatId ? { ...c, unread: 0 } : c));
}

/** withOtherRead records that the other side has read chatId up to readId
 * (a read never goes back). */
export function withOtherRead(chats: Chat[] | undefined, chatId: number, readId: number): Chat[] | undefined {
  if (!chats || !chats.some((c) => c.id === chatId && c.other_read_id < readId)) return chats;
  return chats.map((c) => (c.id === chatId ? { ...c, other_read_id: readId } : c));
}

/** keepReadMarks is a freshly read chat list with each chat's read mark
 * never behind the one cached (a "seen" event can land while an older read
 * of the list is on its way, and a read never goes back). */
export function keepReadMarks(cached: Chat[] | undefined, fresh: Chat[]): Chat[] {
  if (!cached) return fresh;
  const marks = new Map(cached.map((c) => [c.id, c.other_read_id]));
  return fresh.map((c) => {
    const mark = marks.get(c.id) ?? 0;
    return mark > c.other_read_id ? { ...c, other_read_id: mark } : c;
  });
}

/** lastReadOf is the id of the reader's own newest message that the other
 * side has read (at or before otherReadId), or null when none is. */
export function lastReadOf(messages: readonly Message[], me: number, otherReadId: number): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.sender === me && m.id <= otherReadId) return m.id;
  }
  return null;
}
