// Screenshots of the rescheduling screens for docs/screenshots/ (run with
// `npm run screenshots`; ZABANO_SHOTS_DIR writes them elsewhere): the
// teacher's "propose another time" picker, and the student's class card with
// the teacher's proposal to accept or decline, in fa/dark and en/light, 390
// and 1280 px wide.
import { expect as baseExpect, test } from '@playwright/test';
import { setPrefs } from './helpers';
import { looks, shoot, widths } from './screenshots';
import { bookClass, makeStudent, makeTeacher, openAs, serverNow, topUp, type Person } from './materials-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let teacher: Person & { levelPrice: number };
let student: Person;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function slotAt(request: Parameters<typeof makeTeacher>[0], start: number): Promise<number> {
  const res = await request.post('/api/slot/available/', {
    headers: auth(teacher.token),
    data: { start: new Date(start).toISOString(), end: new Date(start + 3600_000).toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

// Two classes: one the teacher proposed to move (the student answers), one
// for the teacher's picker, with a few free times around them.
test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request, { first: 'Nima', last: 'Karimi' });
  student = await makeStudent(request, { first: 'سارا', last: 'محمدی' });
  await topUp(request, student, 300_000);
  const moving = await bookClass(request, teacher, student, 50);
  await bookClass(request, teacher, student, 74);
  const proposed = await slotAt(request, moving.start + 3 * 3600_000);
  for (const h of [5, 26, 28]) await slotAt(request, moving.start + h * 3600_000);
  const res = await request.post(`/api/slot/${moving.id}/reschedule/`, { headers: auth(teacher.token), data: { slot: proposed } });
  expect(res.status(), await res.text()).toBe(201);
});

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`reschedule screens ${suffix}`, async ({ browser, request }) => {
      const s = await openAs(browser, request, student, width);
      await s.page.clock.install({ time: await serverNow(request) });
      await setPrefs(s.page, lang, theme);
      await s.page.goto('/student/booked-slots?status=upcoming');
      await expect(s.page.getByRole('region', { name: lang === 'fa' ? 'پیشنهاد زمان دیگر' : 'Proposal of another time' })).toBeVisible();
      await shoot(s.page, `reschedule-answer-${suffix}`);
      await s.context.close();

      const t = await openAs(browser, request, teacher, width);
      await t.page.clock.install({ time: await serverNow(request) });
      await setPrefs(t.page, lang, theme);
      await t.page.goto('/teacher/booked-slots');
      await t.page.getByRole('button', { name: lang === 'fa' ? 'پیشنهاد زمان دیگر' : 'Propose another time' }).first().click();
      const dialog = t.page.getByRole('dialog');
      await dialog.locator('button[aria-pressed]').first().click();
      await shoot(t.page, `reschedule-propose-${suffix}`, false);
      await t.context.close();
    });
  }
}
