// Set-up through the API for the materials and dashboard journeys: a teacher
// who offers a level, a student with money, a booked class, and moving the
// dev server's clock to the class's end.
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { registerViaApi, signInViaApi, uniqueName, type Account } from './helpers';

export type Person = Account & { token: string; first: string; last: string; name: string };

/** A display name. Journeys that find a person by name in the shared database
 * leave it out and get a unique last name; screenshots pass a real one (a
 * person is told apart by their username there). */
export type FullName = { first: string; last: string };

function auth(token: string) {
  return { Authorization: `Bearer ${token}` };
}

export async function tokenOf(request: APIRequestContext, a: Account): Promise<string> {
  const res = await request.post('/api/token/', { data: { username: a.username, password: a.password, role: a.role } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** makeTeacher opens a teacher who offers English B1 at 100,000 Toman. */
export async function makeTeacher(request: APIRequestContext, name?: FullName): Promise<Person & { levelPrice: number }> {
  const a = await registerViaApi(request, 'teacher');
  const token = await tokenOf(request, a);
  const first = name?.first ?? 'مینا';
  const last = name?.last ?? uniqueName('K');
  const res = await request.post('/api/teacher/profile/', {
    headers: auth(token),
    multipart: {
      first_name: first,
      last_name: last,
      bio: 'Teacher of English for ten years; IELTS and conversation.',
      language_levels: JSON.stringify([{ language: 'English', levels: ['B1'], regular_price: 100000, exam_price: 120000 }]),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const profile = (await res.json()) as { level_prices: Array<{ id: number }> };
  return { ...a, token, first, last, name: `${first} ${last}`, levelPrice: profile.level_prices[0]!.id };
}

/** makeStudent opens a student with a first and last name. */
export async function makeStudent(request: APIRequestContext, name?: FullName): Promise<Person> {
  const a = await registerViaApi(request, 'student');
  const token = await tokenOf(request, a);
  const first = name?.first ?? 'Sara';
  const last = name?.last ?? uniqueName('A');
  const res = await request.post('/api/student/profile/', { headers: auth(token), multipart: { first_name: first, last_name: last } });
  expect(res.status(), await res.text()).toBe(200);
  return { ...a, token, first, last, name: `${first} ${last}` };
}

/** topUp puts amount Toman in the student's wallet through the sandbox gateway. */
export async function topUp(request: APIRequestContext, student: Person, amount: number): Promise<void> {
  const req = await request.post('/panel-api/api/payment/request/', { headers: auth(student.token), data: { amount } });
  expect(req.status(), await req.text()).toBe(200);
  const { data } = (await req.json()) as { data: { authority: string } };
  const pay = await request.post(`/sandbox/pay/${data.authority}`, { form: { status: 'OK' }, maxRedirects: 0 });
  expect(pay.status()).toBeLessThan(400);
  const top = await request.post('/api/student/wallet/topup/', { headers: auth(student.token), data: { authority: data.authority } });
  expect(top.status(), await top.text()).toBe(200);
}

/** serverNow is the dev server's clock (which tests may have moved forward). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/dev/clock/', { data: { advance_seconds: 0 } });
  expect(res.status()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/** advanceClock moves the dev server's clock forward. */
export async function advanceClock(request: APIRequestContext, seconds: number): Promise<void> {
  const res = await request.post('/api/dev/clock/', { data: { advance_seconds: seconds } });
  expect(res.status()).toBe(200);
}

/** bookClass opens an hour's slot starting hoursAhead from the server's now and books it.
 * The dev clock is shared by the workers: another journey may move it past the new slot
 * before it is booked (it answers 404), and then a slot is opened again from the clock's
 * new reading. */
export async function bookClass(
  request: APIRequestContext,
  teacher: Person & { levelPrice: number },
  student: Person,
  hoursAhead = 2,
): Promise<{ id: number; start: number; end: number }> {
  for (let attempt = 1; ; attempt++) {
    const now = await serverNow(request);
    const start = Math.ceil((now + hoursAhead * 3600_000) / 3600_000) * 3600_000;
    const end = start + 3600_000;
    const slot = await request.post('/api/slot/available/', {
      headers: auth(teacher.token),
      data: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
    });
    expect(slot.status(), await slot.text()).toBe(201);
    const { id: slotId } = (await slot.json()) as { id: number };
    const booking = await request.post('/api/slot/booking/', {
      headers: auth(student.token),
      data: { slot: slotId, level_price: teacher.levelPrice },
    });
    if (booking.status() === 404 && attempt < 3 && (await serverNow(request)) >= start) continue;
    expect(booking.status(), await booking.text()).toBe(201);
    return { id: ((await booking.json()) as { id: number }).id, start, end };
  }
}

/** markDone marks a class done (after its end) as its student. */
export async function markDone(request: APIRequestContext, student: Person, bookingId: number): Promise<void> {
  const res = await request.put(`/api/slot/done/${bookingId}/`, { headers: auth(student.token) });
  expect(res.status(), await res.text()).toBe(200);
}

/** openAs opens a browser context signed in as p. */
export async function openAs(browser: Browser, request: APIRequestContext, p: Account, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  await signInViaApi(context, request, p);
  const page = await context.newPage();
  return { context, page };
}

/** A small valid PDF. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
