import { describe, expect, it } from 'vitest';
import { appendMessage, keepReadMarks, lastReadOf, mergeNewest, prependOlder, withLastMessage, withOtherRead, withReadChat } from './messages-cache';
import { visiblePending, pendingReducer, type PendingMessage } from './pending';
import type { Chat, Message } from './types';

const msg = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  chat_id: 1,
  sender: 10,
  content: `m${id}`,
  timestamp: new Date(2026, 10, 21, 10, id).toISOString(),
  attachment: null,
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

describe('read receipts', () => {
  it("find the reader's own newest message the other side has read", () => {
    const list = [msg(1), msg(2, { sender: 5 }), msg(3, { sender: 5 }), msg(4), msg(5, { sender: 5 })];
    expect(lastReadOf(list, 5, 0)).toBeNull();
    expect(lastReadOf(list, 5, 2)).toBe(2);
    expect(lastReadOf(list, 5, 4)).toBe(3);
    expect(lastReadOf(list, 5, 9)).toBe(5);
    expect(lastReadOf(list, 10, 1)).toBe(1);
  });

  it('move a chat’s read mark forward only', () => {
    const chat = { id: 1, other_read_id: 4 } as Chat;
    const list = [chat, { id: 2, other_read_id: 0 } as Chat];
    expect(withOtherRead(list, 1, 6)![0]!.other_read_id).toBe(6);
    expect(withOtherRead(list, 1, 3)).toBe(list);
    expect(withOtherRead(list, 2, 1)![1]!.other_read_id).toBe(1);
    expect(withOtherRead(list, 9, 1)).toBe(list);
    expect(withOtherRead(undefined, 1, 1)).toBeUndefined();
  });

  it('survive a read of the list that left before the seen event', () => {
    const cached = [{ id: 1, other_read_id: 6 } as Chat, { id: 2, other_read_id: 1 } as Chat];
    const fresh = [{ id: 1, other_read_id: 4 } as Chat, { id: 2, other_read_id: 3 } as Chat, { id: 3, other_read_id: 0 } as Chat];
    expect(keepReadMarks(cached, fresh).map((c) => c.other_read_id)).toEqual([6, 3, 0]);
    expect(keepReadMarks(undefined, fresh)).toBe(fresh);
  });
});

describe('pending messages', () => {
  const p = (key: string, content: string, afterId = 2): PendingMessage => ({
    key,
    chatId: 1,
    content,
    file: null,
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

  it('matches a file sent alone with a saved copy that has a file', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const withFile = { ...p('f', ''), file };
    const attachment = { name: 'a.png', type: 'image/png' as const, size: 1, url: 'u' };
    expect(visiblePending([msg(3, { content: '' })], [withFile], 10)).toHaveLength(1);
    expect(visiblePending([msg(3, { content: '', attachment })], [withFile], 10)).toHaveLength(0);
    expect(visiblePending([msg(3, { content: '', attachment })], [p('g', '')], 10)).toHaveLength(1);
  });
});
