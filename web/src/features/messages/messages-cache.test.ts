import { describe, expect, it } from 'vitest';
import { appendMessage, mergeNewest, prependOlder, withLastMessage, withReadChat } from './messages-cache';
import { visiblePending, pendingReducer, type PendingMessage } from './pending';
import type { Chat, Message } from './types';

const msg = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  chat_id: 1,
  sender: 10,
  content: `m${id}`,
  timestamp: new Date(2026, 10, 21, 10, id).toISOString(),
  ...over,
});
const ids = (l: Message[]) => l.map((m) => m.id);

describe('messages cache', () => {
  it('merges polls and events without duplicates, in id order', () => {
    let page = mergeNewest(undefined, [msg(1), msg(2)], 50);
    expect(page).toEqual({ messages: [msg(1), msg(2)], hasOlder: false });
    page = appendMessage(page, msg(3))!;
    page = appendMessage(page, msg(3))!;
    page = mergeNewest(page, [msg(2), msg(3), msg(4)], 50);
    expect(ids(page.messages)).toEqual([1, 2, 3, 4]);
    expect(appendMessage(undefined, msg(5))).toBeUndefined();
  });

  it('pages backwards and knows when older messages remain', () => {
    let page = mergeNewest(undefined, [msg(3), msg(4)], 2);
    expect(page.hasOlder).toBe(true);
    page = prependOlder(page, [msg(1), msg(2)], 2);
    expect(ids(page.messages)).toEqual([1, 2, 3, 4]);
    expect(page.hasOlder).toBe(true);
    page = prependOlder(page, [], 2);
    expect(page.hasOlder).toBe(false);
  });

  it('drops what it holds when a full newest page leaves a hole', () => {
    const page = mergeNewest({ messages: [msg(1), msg(2)], hasOlder: false }, [msg(10), msg(11)], 2);
    expect(page).toEqual({ messages: [msg(10), msg(11)], hasOlder: true });
  });

  it('moves a chat with a newer message to the top and clears unread counts', () => {
    const chat = (id: number, last: Message | null, unread = 0) => ({ id, last_message: last, unread }) as Chat;
    const list = [chat(1, msg(5)), chat(2, msg(3, { chat_id: 2 }), 2)];
    const moved = withLastMessage(list, msg(6, { chat_id: 2 }))!;
    expect(moved.map((c) => c.id)).toEqual([2, 1]);
    expect(moved[0]!.last_message!.id).toBe(6);
    expect(withLastMessage(list, msg(2, { chat_id: 2 }))).toBe(list);
    expect(withReadChat(list, 2)![1]!.unread).toBe(0);
  });
});

describe('pending messages', () => {
  const p = (key: string, content: string, afterId = 2): PendingMessage => ({
    key,
    chatId: 1,
    content,
    status: 'sending',
    error: null,
    createdAt: '',
    afterId,
  });

  it('moves between sending, failed and removed', () => {
    let s = pendingReducer({}, { type: 'add', message: p('a', 'hi') });
    s = pendingReducer(s, { type: 'fail', chatId: 1, key: 'a', error: 'boom' });
    expect(s[1]![0]).toMatchObject({ status: 'failed', error: 'boom' });
    s = pendingReducer(s, { type: 'retry', chatId: 1, key: 'a', afterId: 7 });
    expect(s[1]![0]).toMatchObject({ status: 'sending', error: null, afterId: 7 });
    s = pendingReducer(s, { type: 'remove', chatId: 1, key: 'a' });
    expect(s).toEqual({});
  });

  it('hides a sending message once its saved copy is listed, once per copy', () => {
    const saved = [msg(1, { sender: 10, content: 'hi' }), msg(3, { sender: 10, content: 'hi' })];
    const list = [p('a', 'hi'), p('b', 'hi'), { ...p('c', 'hi'), status: 'failed' as const }];
    expect(visiblePending(saved, list, 10).map((x) => x.key)).toEqual(['b', 'c']);
    expect(visiblePending(saved, list, 99).map((x) => x.key)).toEqual(['a', 'b', 'c']);
  });
});
