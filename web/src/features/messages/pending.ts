// Optimistic messages: shown dimmed at once, replaced by the saved message,
// or flagged as failed with the error and a retry.
import type { Message } from './types';

export type PendingMessage = {
  /** A client-made key; the saved message's id is not known yet. */
  key: string;
  chatId: number;
  content: string;
  /** A file sent with it, kept for a retry. */
  file: File | null;
  status: 'sending' | 'failed';
  /** Why the send failed, in the interface language. */
  error: string | null;
  /** When it was written (shown until the saved timestamp replaces it). */
  createdAt: string;
  /** The newest message id the chat held when it was sent. */
  afterId: number;
};

/** Pending messages by chat id. */
export type PendingState = Record<number, PendingMessage[]>;

export type PendingAction =
  | { type: 'add'; message: PendingMessage }
  | { type: 'retry'; chatId: number; key: string; afterId: number }
  | { type: 'fail'; chatId: number; key: string; error: string }
  | { type: 'remove'; chatId: number; key: string };

export function pendingReducer(state: PendingState, action: PendingAction): PendingState {
  const update = (chatId: number, f: (list: PendingMessage[]) => PendingMessage[]): PendingState => {
    const list = f(state[chatId] ?? []);
    const next = { ...state };
    if (list.length === 0) delete next[chatId];
    else next[chatId] = list;
    return next;
  };
  switch (action.type) {
    case 'add':
      return update(action.message.chatId, (l) => [...l, action.message]);
    case 'retry':
      return update(action.chatId, (l) =>
        l.map((p) => (p.key === action.key ? { ...p, status: 'sending', error: null, afterId: action.afterId } : p)),
      );
    case 'fail':
      return update(action.chatId, (l) =>
        l.map((p) => (p.key === action.key ? { ...p, status: 'failed', error: action.error } : p)),
      );
    case 'remove':
      return update(action.chatId, (l) => l.filter((p) => p.key !== action.key));
  }
}

/** visiblePending is the pending messages to show after the saved ones. A
 * message still sending is hidden once its saved copy is in the list (a live
 * event can bring it a moment before the send's own answer), so it never
 * shows twice. */
export function visiblePending(saved: Message[], pending: PendingMessage[], me: number): PendingMessage[] {
  const claimed = new Set<number>();
  return pending.filter((p) => {
    if (p.status !== 'sending') return true;
    const copy = saved.find(
      (m) =>
        m.sender === me &&
        m.id > p.afterId &&
        !claimed.has(m.id) &&
        m.content === p.content &&
        // The server may rename a file: having one is enough to match.
        Boolean(m.attachment) === (p.file !== null),
    );
    if (!copy) return true;
    claimed.add(copy.id);
    return false;
  });
}

let seq = 0;
/** pendingKey makes a key unique within the page. */
export function pendingKey(): string {
  seq += 1;
  return `pending-${Date.now().toString(36)}-${seq}`;
}
