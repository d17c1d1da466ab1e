// The life of a class (issue 6), against the real binary: a teacher builds 4
// weeks of availability with the Smart Builder; a topped-up student books one
// time with a level in the booking dialog; the teacher sees it upcoming; the
// student asks to cancel, the teacher approves and the money is back; another
// class is marked done after its end (the server's and the browser's clocks
// moved forward) and the teacher's wallet shows the class payment.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, signInViaApi } from './helpers';
import { balanceOf, bearer, makeTeacher, person, serverNow, topUp, uniqueWord, type Person, type Teacher } from './find-teacher-fixtures';

// Screens load lazily and the machines that run this are often busy.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });
// Times are shown in the browser's zone; Tehran is where most users are.
test.use({ timezoneId: 'Asia/Tehran', locale: 'en-US' });

const TOP_UP = 1_000_000;
const PRICE = 250_000;

let teacher: Teacher;
let student: Person;

test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request, {
    first: 'Shirin',
    last: uniqueWord(),
    bio: 'Conversation classes.',
    price: PRICE,
    experience: 5,
    levels: [{ language: 'English', levels: ['A2', 'B1'], regular_price: PRICE, exam_price: 300_000 }],
  });
  student = await person(request, 'student');
  await topUp(request, student, TOP_UP);
});

async function english(page: Page) {
  // The app starts in Persian; the header's toggle switches to English.
  await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
}

type Booking = { id: number; status: string; start_time: string; end_time: string };

async function classesOf(page: Page, p: Person, role: 'student' | 'teacher'): Promise<Booking[]> {
  const res = await page.request.get(`/api/slot/lists/${role}/`, { headers: bearer(p.token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as Booking[];
}

/** bookTimeAhead books, in the booking dialog at the B1 level, the teacher's
 * first free time that starts at least hoursAhead after the server's clock:
 * other journeys move that clock forward while this one runs, so a class
 * about to start would start under its feet. The browser's clock is put on
 * the server's, so that both agree on which times are still free. */
async function bookTimeAhead(page: Page, request: APIRequestContext, hoursAhead: number): Promise<string> {
  const now = await serverNow(request);
  const res = await request.get(`/api/slot/teacher/${teacher.id}/`, { headers: bearer(student.token) });
  expect(res.status()).toBe(200);
  const starts = ((await res.json()) as Array<{ start: string; is_booked: boolean }>)
    .filter((s) => !s.is_booked && Date.parse(s.start) > now)
    .map((s) => Date.parse(s.start))
    .sort((a, b) => a - b);
  let index = starts.findIndex((t) => t >= now + hoursAhead * 3600_000);
  expect(index, 'a free time far enough ahead').toBeGreaterThanOrEqual(0);

  await page.clock.install({ time: now });
  await page.goto(`/student/find-teacher?q=${encodeURIComponent(teacher.name.split(' ')[1]!)}`);
  const card = page.getByRole('article', { name: teacher.name });
  await card.getByRole('button', { name: `Book a class with ${teacher.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Book a class with ${teacher.name}` });
  const times = dialog.locator('button[aria-pressed]');
  await expect(times.first()).toBeVisible();
  // The dialog opens on the first week with a free time; later weeks follow.
  for (let shown = await times.count(); index >= shown; shown = await times.count()) {
    index -= shown;
    await dialog.getByRole('button', { name: 'Next week' }).click();
    await expect(times.first()).toBeVisible();
  }
  const chosen = (await times.nth(index).getAttribute('aria-label')) ?? '';
  await times.nth(index).click();
  await dialog.getByLabel('Level and price').selectOption({ label: 'English · B1 — 250,000 Toman' });
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Your class with ${teacher.name} on`, { exact: false })).toBeVisible();
  return chosen;
}

test('a teacher builds 4 weeks of availability with the Smart Builder', async ({ page, context, request }) => {
  await signInViaApi(context, request, teacher);
  await page.goto('/teacher/availability');
  await english(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  await expect(page.getByText('You have no slots yet.')).toBeVisible();
  await expectAccessible(page, 'availability (en)');

  await page.getByRole('button', { name: 'Smart Builder' }).click();
  const d = page.getByRole('dialog', { name: 'Smart Builder' });
  await d.getByRole('button', { name: '4 wk', exact: true }).click();
  await d.getByRole('button', { name: 'Next' }).click();
  await d.getByRole('button', { name: 'Next' }).click();
  await expect(d.getByRole('alert')).toHaveText('Please select at least one day');
  await d.getByRole('button', { name: 'Every day' }).click();
  await d.getByRole('button', { name: 'Next' }).click();
  await d.getByLabel('Start time').fill('08:00');
  await d.getByLabel('End time').fill('20:00');
  await d.getByRole('radio', { name: '60 min' }).check({ force: true });
  await d.getByLabel('Break between slots (minutes)').fill('0');
  await d.getByRole('button', { name: 'Next' }).click();
  // floor(720 / 60) = 12 per day x 7 days x 4 weeks.
  await expect(d.getByTestId('live-count')).toContainText('336');
  await expect(d.getByTestId('live-count')).toContainText('12 per day × 7 days × 4 weeks');
  await expectAccessible(page, 'Smart Builder (en)');
  await d.getByRole('button', { name: 'Create slots' }).click();
  await expect(d).toBeHidden();
  const notice = page.getByText(/^Slots created: \d+\.$/);
  await expect(notice).toBeVisible();
  // Times of today already past are left out.
  const created = Number((await notice.textContent())!.match(/\d+/)![0]);
  expect(created).toBeGreaterThanOrEqual(324);
  expect(created).toBeLessThanOrEqual(336);

  const current = page.getByRole('region', { name: /Your current slots/ });
  await expect(current.getByRole('button', { name: `Show all (${created})` })).toBeVisible();
  // The calendar shows them as the teacher's slots, 12 a day from the second week on.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('group', { name: /^Days of the week/ }).getByText(', your slot')).toHaveCount(84);
  // The notice of a bulk run stays 5 seconds.
  await expect(notice).toBeHidden({ timeout: 10_000 });

  const res = await request.get('/api/slot/available', { headers: bearer(teacher.token) });
  expect(((await res.json()) as unknown[]).length).toBe(created);
});

test('a topped-up student books a time; the teacher sees it upcoming', async ({ page, context, request }) => {
  await signInViaApi(context, request, student);
  await page.goto('/student/find-teacher');
  await english(page);
  // Within a day of its start the cancellation below is the teacher's to approve (the free
  // cancellation ends 24 hours before), and 10 hours leave room for the hours other journeys
  // move the server's clock meanwhile: the Smart Builder's 08:00 to 20:00 leaves gaps of 13
  // hours, so a time 10 to 23 hours ahead always exists.
  await bookTimeAhead(page, request, 10);
  expect(await balanceOf(request, student)).toBe(TOP_UP - PRICE);

  await page.goto('/student/booked-slots');
  const card = page.getByRole('article', { name: teacher.name });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Upcoming')).toBeVisible();
  await expect(card.getByText('250,000 Toman')).toBeVisible();
  await expect(card.getByText('60 minutes')).toBeVisible();
  await expect(card.getByText('English · B1')).toBeVisible();
  await expect(card.getByRole('link', { name: /Join the online class/ })).toHaveAttribute('href', /^https:\/\/meet\.jit\.si\//);
  await expect(card.getByText(/\d{1,2}:\d{2} (AM|PM) – \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  await expectAccessible(page, 'student classes (en)');

  await context.clearCookies();
  await signInViaApi(context, request, teacher);
  await page.goto('/teacher/booked-slots');
  await expect(page.getByRole('tab', { name: 'Upcoming 1' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('tabpanel').getByRole('article');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(student.username);
  // The join button waits for its window (unless the class starts within 15 minutes).
  await expect(row.getByRole('button', { name: 'Class time is not near' }).or(row.getByRole('link', { name: /Join class/ }))).toBeVisible();
  await expectAccessible(page, 'teacher classes (en)');
});

test('the student asks to cancel, the teacher approves and the money is back', async ({ page, context, request }) => {
  await signInViaApi(context, request, student);
  await page.goto('/student/booked-slots');
  await english(page);
  const card = page.getByRole('article', { name: teacher.name });
  await card.getByRole('button', { name: 'Request cancellation' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Ask to cancel this class?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await expectAccessible(page, 'cancel confirmation (en)');
  await confirm.getByRole('button', { name: 'Send the cancellation request' }).click();
  await expect(page.getByText('Cancellation request sent successfully.')).toBeVisible();
  await expect(card.getByText('Cancellation requested')).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pending cancellation (1)' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);

  await context.clearCookies();
  await signInViaApi(context, request, teacher);
  await page.goto('/teacher/booked-slots');
  await page.getByRole('tab', { name: 'Cancellation requests 1' }).click();
  const req = page.getByRole('tabpanel').getByRole('article');
  await expect(req).toContainText('Requested at');
  await expectAccessible(page, 'cancellation requests (en)');
  await req.getByRole('button', { name: `Approve the cancellation request of ${student.username}` }).click();
  await expect(page.getByText('The cancellation was approved and the student refunded.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Cancellation requests' })).toHaveAccessibleName('Cancellation requests');
  await page.getByRole('tab', { name: 'Cancelled 1' }).click();
  await expect(page.getByRole('tabpanel').getByRole('article')).toContainText('Cancelled at the student');

  expect(await balanceOf(request, student)).toBe(TOP_UP);
  const list = await classesOf(page, student, 'student');
  expect(list.map((b) => b.status)).toEqual(['approved_cancel']);
});

test('another class is marked done after its end and the teacher is paid', async ({ page, context, request }) => {
  await signInViaApi(context, request, student);
  await page.goto('/student/find-teacher');
  await english(page);
  await bookTimeAhead(page, request, 0);
  const booked = (await classesOf(page, student, 'student')).find((b) => b.status === 'booked')!;
  expect(booked).toBeTruthy();

  // Move the server past the class's end, and the browser with it.
  const now = await serverNow(request);
  const advance = Math.ceil((Date.parse(booked.end_time) - now) / 1000) + 120;
  const moved = await request.post('/api/dev/clock/', { data: { advance_seconds: advance } });
  expect(moved.status()).toBe(200);
  const serverTime = Date.parse(((await moved.json()) as { now: string }).now);
  await page.clock.setSystemTime(new Date(serverTime));

  await page.goto('/student/booked-slots');
  const card = page.getByRole('article', { name: teacher.name }).filter({ hasText: 'Ended' });
  await card.getByRole('button', { name: 'Mark done' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Did this class take place?' });
  await confirm.getByRole('button', { name: 'Yes, mark it done' }).click();
  await expect(page.getByText('The class was marked done.')).toBeVisible();
  await page.getByRole('button', { name: 'Completed (1)' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').getByText('Completed')).toBeVisible();

  const tx = await request.get('/api/teacher/wallet/transactions/', { headers: bearer(teacher.token) });
  expect(tx.status()).toBe(200);
  const items = (await tx.json()) as Array<{ type: string; amount: number }>;
  expect(items.filter((t) => t.type === 'class_payment').map((t) => t.amount)).toEqual([PRICE]);

  await context.clearCookies();
  await signInViaApi(context, request, teacher);
  await page.goto('/teacher/booked-slots');
  await page.getByRole('tab', { name: 'Completed 1' }).click();
  await expect(page.getByRole('tabpanel').getByRole('article')).toContainText(student.username);
  await page.goto('/teacher/wallet');
  await expect(page.getByText('+250,000 Toman').first()).toBeVisible();
});
