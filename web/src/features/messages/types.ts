import type { components } from '@/lib/api/schema';

/** A chat as GET /api/chats/ shows it to its reader. */
export type Chat = components['schemas']['Chat'];
/** A saved message. */
export type Message = components['schemas']['Message'];
/** The other side of a chat. */
export type Participant = Chat['participant'];

/** The data of a `message` event of GET /api/events/. */
export type MessageEventData = { chat_id: number; message: Message };
/** The data of a `read` event: the reader read chat_id in another tab. */
export type ReadEventData = { chat_id: number };

export function isMessageEventData(d: unknown): d is MessageEventData {
  if (typeof d !== 'object' || d === null) return false;
  const v = d as Record<string, unknown>;
  const m = v.message as Record<string, unknown> | undefined;
  return (
    typeof v.chat_id === 'number' &&
    typeof m === 'object' &&
    m !== null &&
    typeof m.id === 'number' &&
    typeof m.sender === 'number' &&
    typeof m.content === 'string' &&
    typeof m.timestamp === 'string'
  );
}

export function isReadEventData(d: unknown): d is ReadEventData {
  return typeof d === 'object' && d !== null && typeof (d as Record<string, unknown>).chat_id === 'number';
}
