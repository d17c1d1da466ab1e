// Screenshots of the class screens (issue 6) for docs/screenshots/ (run with
// `npm run screenshots -- e2e/classes-screenshots.spec.ts`; ZABANO_SHOTS_DIR
// writes them elsewhere): the teacher's availability with the Smart Builder,
// the student's classes, and the teacher's classes and cancellation requests,
// in fa/dark and en/light, 390 and 1280 px wide, each checked with axe.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, setPrefs, signInViaApi } from './helpers';
import { looks, OUT, widths } from './screenshots';
import { bearer, makeTeacher, person, png, serverNow, topUp, type Person, type Teacher } from './find-teacher-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
const HOUR = 3_600_000;

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ timezoneId: 'Asia/Tehran' });

let teacher: Teacher;
let sara: Person;
let reza: Person;
let now: number;

async function named(request: APIRequestContext, first: string, last: string, photo?: Buffer): Promise<Person> {
  const p = await person(request, 'student');
  const res = await request.post('/api/student/profile/', { headers: bearer(p.token), multipart: { first_name: first, last_name: last } });
  expect(res.status(), await res.text()).toBe(200);
  if (photo) {
    const up = await request.post('/api/student/profile/upload-photo/', {
      headers: bearer(p.token),
      multipart: { profile_photo: { name: 'me.png', mimeType: 'image/png', buffer: photo } },
    });
    expect(up.status(), await up.text()).toBe(200);
  }
  await topUp(request, p, 2_000_000);
  return p;
}

async function slotAt(request: APIRequestContext, start: number, minutes = 60): Promise<number> {
  const res = await request.post('/api/slot/available/', {
    headers: bearer(teacher.token),
    data: { start: new Date(start).toISOString(), end: new Date(start + minutes * 60_000).toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function book(request: APIRequestContext, p: Person, slot: number, level = 1): Promise<number> {
  const res = await request.post('/api/slot/booking/', {
    headers: bearer(p.token),
    data: { slot, level_price: teacher.levelPrices[level]!.id, notes: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request, {
    first: 'Shirin',
    last: 'Farahani',
    bio: 'Conversation and IELTS.',
    price: 250_000,
    experience: 6,
    photo: png([79, 70, 229], [236, 72, 153]),
    levels: [{ language: 'English', levels: ['A2', 'B1', 'B2'], regular_price: 250_000, exam_price: 300_000 }],
  });
  sara = await named(request, 'Sara', 'Ahmadi', png([16, 185, 129], [59, 130, 246]));
  reza = await named(request, 'Reza', 'Karimi');

  // A class that ends soon: the clock moves past it, and it is marked done.
  const t0 = await serverNow(request);
  const soon = Math.ceil((t0 + HOUR) / HOUR) * HOUR;
  const done = await book(request, sara, await slotAt(request, soon), 1);
  const moved = await request.post('/api/dev/clock/', { data: { advance_seconds: Math.ceil((soon + HOUR - t0) / 1000) + 60 } });
  now = Date.parse(((await moved.json()) as { now: string }).now);
  expect((await request.put(`/api/slot/done/${done}/`, { headers: bearer(sara.token) })).status()).toBe(200);

  // One starting in 10 minutes (the join button is on), more upcoming, a
  // cancellation request and a cancelled class.
  const hour = Math.ceil(now / HOUR) * HOUR;
  await book(request, reza, await slotAt(request, now + 10 * 60_000, 45), 0);
  await book(request, sara, await slotAt(request, hour + 3 * HOUR), 1);
  await book(request, reza, await slotAt(request, hour + 26 * HOUR), 2);
  // Within a day of its start, so that cancelling it asks the teacher.
  const pending = await book(request, sara, await slotAt(request, hour + 20 * HOUR), 1);
  expect((await request.put(`/api/slot/cancel/${pending}/`, { headers: bearer(sara.token) })).status()).toBe(200);
  const cancelled = await book(request, sara, await slotAt(request, hour + 75 * HOUR), 2);
  expect((await request.put(`/api/slot/teacher-cancel/${cancelled}/`, { headers: bearer(teacher.token) })).status()).toBe(200);

  // Free times: a Smart Builder plan over 3 weeks, in Tehran.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(now);
  const plan = await request.post('/api/slot/available/batch/', {
    headers: bearer(teacher.token),
    data: {
      plan: { weeks: 3, days: [6, 0, 1, 3], start_time: '16:00', end_time: '20:00', duration: 60, break: 0, start_date: today },
      timezone: 'Asia/Tehran',
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
});

/** shoot takes the whole page as the viewport sees it (inner scroll areas
 * keep their position, unlike a full-page capture). */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const { width } = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(height, width < 600 ? 844 : 800) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}${name}.png` });
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
}

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`class screens ${suffix}`, async ({ page, context, request }) => {
      await page.clock.install({ time: new Date(now + 60_000) });
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await setPrefs(page, lang, theme);

      await signInViaApi(context, request, teacher);
      await page.goto('/teacher/booked-slots');
      await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
      await expectAccessible(page, `teacher classes ${suffix}`);
      await shoot(page, `teacher-classes-${suffix}`);
      await page.getByRole('tab').nth(2).click();
      await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
      await expectAccessible(page, `cancellation requests ${suffix}`);
      await shoot(page, `teacher-cancellations-${suffix}`);

      await page.goto('/teacher/availability');
      await expect(page.getByRole('group').filter({ has: page.getByRole('list') }).first()).toBeVisible();
      // Choose two free times of next week.
      await page.getByRole('button', { name: lang === 'fa' ? 'هفته بعد' : 'Next week' }).click();
      const free = page.getByRole('group').filter({ has: page.getByRole('list') }).first().locator('button[aria-pressed="false"]');
      await free.nth(10).click();
      await free.nth(10).click();
      await expectAccessible(page, `availability ${suffix}`);
      await shoot(page, `teacher-availability-${suffix}`);
      await page.getByRole('button', { name: lang === 'fa' ? 'سازنده هوشمند' : 'Smart Builder' }).click();
      const dialog = page.getByRole('dialog');
      const next = dialog.getByRole('button', { name: lang === 'fa' ? 'بعدی' : 'Next' });
      await dialog.getByRole('button', { name: lang === 'fa' ? '۸ هفته' : '8 wk', exact: true }).click();
      await next.click();
      await dialog.getByRole('checkbox').nth(1).check();
      await dialog.getByRole('checkbox').nth(3).check();
      await next.click();
      await next.click();
      await expect(dialog.getByTestId('live-count')).toBeVisible();
      // The start date's calendar is a lazy chunk: take it once it is drawn.
      await expect(dialog.getByRole('grid')).toBeVisible();
      await expectAccessible(page, `Smart Builder ${suffix}`);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${OUT}smart-builder-${suffix}.png` });

      await context.clearCookies();
      await signInViaApi(context, request, sara);
      await page.goto('/student/booked-slots');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectAccessible(page, `student classes ${suffix}`);
      await shoot(page, `student-classes-${suffix}`);
    });
  }
}
