// Set-up of issue 17's journeys: quiet hours out of the way, the dev SMS
// outbox's notifications, a chat between two people, and a real image.
import { expect, type APIRequestContext } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import type { Person } from './materials-fixtures';

const auth = (p: Person) => ({ Authorization: `Bearer ${p.token}` });

/** idOf is p's user id. */
export async function idOf(request: APIRequestContext, p: Person): Promise<number> {
  return ((await (await request.get('/api/profile/', { headers: auth(p) })).json()) as { id: number }).id;
}

/** prefsOf reads p's notification preferences. */
export async function prefsOf(request: APIRequestContext, p: Person): Promise<{ quiet_start: string; quiet_end: string; channels: Record<string, { sms: boolean; email: boolean }> }> {
  const res = await request.get('/api/notifications/preferences/', { headers: auth(p) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** noQuietHours lets p's SMS and email go at any hour of the server's clock
 * (equal start and end), so that a journey does not depend on the hour. */
export async function noQuietHours(request: APIRequestContext, p: Person): Promise<void> {
  const res = await request.put('/api/notifications/preferences/', { headers: auth(p), data: { quiet_start: '00:00', quiet_end: '00:00' } });
  expect(res.status(), await res.text()).toBe(200);
}

export type Sms = { phone: string; code: string; kind?: string; text: string; sent_at: string };

/** smsTo lists the texts the dev outbox holds for phone, newest first. */
export async function smsTo(request: APIRequestContext, phone: string): Promise<Sms[]> {
  return (await (await request.get(`/api/dev/sms-outbox/?phone=${phone}`)).json()) as Sms[];
}

export type Mail = { to: string; subject: string; text: string; html: string; unsubscribe: string; sent_at: string };

/** mailTo lists the emails the dev mail outbox holds for address, newest first. */
export async function mailTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  return (await (await request.get(`/api/dev/mail-outbox/?to=${encodeURIComponent(address)}`)).json()) as Mail[];
}

/** chatBetween opens (or finds) the chat of a student and a teacher. */
export async function chatBetween(request: APIRequestContext, student: Person, teacher: Person): Promise<number> {
  const res = await request.post('/api/chat/create/', { headers: auth(student), data: { teacher_id: await idOf(request, teacher) } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { id: number }).id;
}

/** say sends a message in a chat through the API. */
export async function say(request: APIRequestContext, p: Person, chatId: number, content: string): Promise<void> {
  const res = await request.post('/api/messages/send/', { headers: auth(p), data: { chat_id: chatId, content } });
  expect(res.status(), await res.text()).toBe(201);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** pngImage is a real PNG of width × height: a board-green field with a
 * lighter band, something a chat can show. */
export function pngImage(width = 320, height = 200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = Math.abs(y - height / 2) < height / 8;
      row[1 + x * 3] = band ? 220 : 30 + Math.round((x / width) * 40);
      row[2 + x * 3] = band ? 230 : 90 + Math.round((y / height) * 60);
      row[3 + x * 3] = band ? 210 : 60;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
