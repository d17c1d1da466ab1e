// Set-up through the API for the profile, find-teacher and booking journeys:
// teachers with prices and free times, students with or without money, and
// small real files (PNG, MP4, PDF) for uploads.
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { registerViaApi, uniqueName, type Account } from './helpers';

export type Person = Account & { token: string };

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function tokenOf(request: APIRequestContext, a: Account): Promise<string> {
  const res = await request.post('/api/token/', { data: { username: a.username, password: a.password, role: a.role } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

export async function person(request: APIRequestContext, role: 'student' | 'teacher'): Promise<Person> {
  const a = await registerViaApi(request, role);
  return { ...a, token: await tokenOf(request, a) };
}

export type TeacherSetup = {
  first: string;
  last: string;
  bio: string;
  price: number;
  experience: number;
  wpId?: string;
  levels: Array<{ language: string; levels: string[]; regular_price: number; exam_price: number }>;
  photo?: Buffer;
};

export type Teacher = Person & { id: number; name: string; levelPrices: Array<{ id: number; language: string; level_name: string; price: number }> };

/** makeTeacher opens a bookable teacher through the API. */
export async function makeTeacher(request: APIRequestContext, t: TeacherSetup): Promise<Teacher> {
  const p = await person(request, 'teacher');
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    first_name: t.first,
    last_name: t.last,
    bio: t.bio,
    price_per_hour: String(t.price),
    test_session_price: String(Math.round(t.price / 2)),
    experience_years: String(t.experience),
    language_levels: JSON.stringify(t.levels),
  };
  if (t.wpId) multipart.wp_teacher_id = t.wpId;
  if (t.photo) multipart.photo = { name: 'photo.png', mimeType: 'image/png', buffer: t.photo };
  const res = await request.post('/api/teacher/profile/', { headers: bearer(p.token), multipart });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { id: number; name: string; level_prices: Teacher['levelPrices'] };
  return { ...p, id: body.id, name: body.name, levelPrices: body.level_prices };
}

/** serverNow is the dev server's clock. */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/dev/clock/', { data: { advance_seconds: 0 } });
  expect(res.status()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/** openSlots opens hour-long free times for a teacher, starting hoursAhead from now on the hour. */
export async function openSlots(request: APIRequestContext, teacher: Person, hoursAhead: number[]): Promise<number[]> {
  const now = await serverNow(request);
  const ids: number[] = [];
  for (const h of hoursAhead) {
    const start = Math.ceil((now + h * 3600_000) / 3600_000) * 3600_000;
    const res = await request.post('/api/slot/available/', {
      headers: bearer(teacher.token),
      data: { start: new Date(start).toISOString(), end: new Date(start + 3600_000).toISOString() },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** TEHRAN is Tehran's offset from UTC, +03:30 all year since 2022. */
export const TEHRAN = 210 * 60_000;

/** tehranAt is hh:00 in Tehran, days after the day it is there at now. */
export function tehranAt(now: number, days: number, hh: number): number {
  const wall = new Date(now + TEHRAN);
  return Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + days, hh) - TEHRAN;
}

/** openSlotAt opens an hour-long free time of teacher starting at start (ms). */
export async function openSlotAt(request: APIRequestContext, teacher: Person, start: number): Promise<void> {
  const res = await request.post('/api/slot/available/', {
    headers: bearer(teacher.token),
    data: { start: new Date(start).toISOString(), end: new Date(start + 3600_000).toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** topUp pays amount Toman into a student's wallet through the sandbox gateway, as a browser would. */
export async function topUp(request: APIRequestContext, student: Person, amount: number): Promise<void> {
  const req = await request.post('/panel-api/api/payment/request/', { headers: bearer(student.token), data: { amount, description: 'e2e' } });
  expect(req.status(), await req.text()).toBe(200);
  const { data } = (await req.json()) as { data: { authority: string } };
  const pay = await request.post(`/sandbox/pay/${data.authority}`, { form: { status: 'OK' }, maxRedirects: 0 });
  expect(pay.status()).toBeLessThan(400);
  const top = await request.post('/api/student/wallet/topup/', { headers: bearer(student.token), data: { authority: data.authority } });
  expect(top.status(), await top.text()).toBe(200);
}

export async function balanceOf(request: APIRequestContext, p: Person): Promise<number> {
  return ((await (await request.get('/api/profile/', { headers: bearer(p.token) })).json()) as { wallet: number }).wallet;
}

/** uniqueWord is a word no other test's teacher has, to find one's own teachers in a shared database. */
export function uniqueWord(): string {
  return uniqueName('zq').toLowerCase();
}

// --- small real files ----------------------------------------------------

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** png draws a size×size diagonal gradient between two colours, as a real PNG. */
export function png(from: [number, number, number], to: [number, number, number], size = 96): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      for (let i = 0; i < 3; i++) row[1 + x * 3 + i] = Math.round(from[i]! + (to[i]! - from[i]!) * t);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The head of an MP4 file (an ftyp box) and some bytes: the server checks the type by its first bytes. */
export const SMALL_MP4 = Buffer.concat([Buffer.from('\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2avc1mp41', 'latin1'), Buffer.alloc(2048)]);

/** A small valid PDF. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
