import type { components } from '@/lib/api/schema';

/** A file sent with a message: an image shown in the chat, or a PDF to
 * download. Its url is signed for the reader and expires. */
export type Attachment = components['schemas']['Attachment'];
/** A saved message. */
export type Message = components['schemas']['Message'];
/** A chat as GET /api/chats/ shows it to its reader; other_read_id is the
 * newest message the other side has read. */
export type Chat = components['schemas']['Chat'];
/** The other side of a chat. */
export type Participant = Chat['participant'];

/** The data of a `message` event of GET /api/events/. */
export type MessageEventData = { chat_id: number; message: Message };
/** The data of a `read` event: the reader read chat_id in another tab. */
export type ReadEventData = { chat_id: number };
/** The data of a `seen` event: the other side has read chat_id up to read_id. */
export type SeenEventData = { chat_id: number; read_id: number };

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

export function isSeenEventData(d: unknown): d is SeenEventData {
  if (typeof d !== 'object' || d === null) return false;
  const v = d as Record<string, unknown>;
  return typeof v.chat_id === 'number' && typeof v.read_id === 'number';
}

/** isImage: an attachment shown inline rather than offered as a download. */
export function isImage(a: { type: string }): boolean {
  return a.type.startsWith('image/');
}
