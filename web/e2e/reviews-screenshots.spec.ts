// Screenshots of the review screens for docs/screenshots/ (run with `npm run
// screenshots`; ZABANO_SHOTS_DIR writes them elsewhere): the rate-a-class
// dialog, a teacher's reviews in Find teacher, and the teacher's own reviews
// with the answer box, in fa/dark and en/light, 390 and 1280 px wide.
import { expect as baseExpect, test } from '@playwright/test';
import { isolate, setPrefs } from './helpers';
import { looks, shoot, widths } from './screenshots';
import { advanceClock, bookClass, makeStudent, makeTeacher, markDone, openAs, serverNow, topUp, type Person } from './materials-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let teacher: Person & { levelPrice: number };
let student: Person;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

// One teacher with two reviewed classes (one answered) and a third class
// done but not yet rated, so that every review screen has something to show.
test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request, { first: 'مینا', last: 'رضایی' });
  student = await makeStudent(request, { first: 'Sara', last: 'Mohammadi' });
  const other = await makeStudent(request, { first: 'علی', last: 'حسینی' });
  await topUp(request, student, 500_000);
  await topUp(request, other, 500_000);
  const classes = [
    await bookClass(request, teacher, other, 1),
    await bookClass(request, teacher, student, 2),
    await bookClass(request, teacher, student, 3),
  ];
  await advanceClock(request, Math.ceil((classes[2]!.end - (await serverNow(request))) / 1000) + 60);
  await markDone(request, other, classes[0]!.id);
  await markDone(request, student, classes[1]!.id);
  await markDone(request, student, classes[2]!.id);
  const first = await request.post(`/api/slot/${classes[0]!.id}/review/`, {
    headers: auth(other.token),
    data: { rating: 5, text: 'Great conversation practice; the IELTS tips helped a lot. ممنون!' },
  });
  expect(first.status(), await first.text()).toBe(201);
  const review = (await first.json()) as { id: number };
  expect((await request.post(`/api/reviews/${review.id}/reply/`, { headers: auth(teacher.token), data: { text: 'خواهش می‌کنم، موفق باشید!' } })).status()).toBe(200);
  const second = await request.post(`/api/slot/${classes[1]!.id}/review/`, {
    headers: auth(student.token),
    data: { rating: 4, text: 'کلاس منظم و مفیدی بود؛ Speaking practice was the best part.' },
  });
  expect(second.status(), await second.text()).toBe(201);
});

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`review screens ${suffix}`, async ({ browser, request }) => {
      const s = await openAs(browser, request, student, width);
      await s.page.clock.install({ time: await serverNow(request) });
      await setPrefs(s.page, lang, theme);
      await s.page.goto('/student/booked-slots');
      await s.page.getByRole('button', { name: lang === 'fa' ? 'امتیاز به این کلاس' : 'Rate this class' }).first().click();
      const rate = s.page.getByRole('dialog');
      await rate.getByRole('radio').nth(4).check({ force: true });
      await shoot(s.page, `rate-class-${suffix}`, false);
      await s.page.keyboard.press('Escape');

      await s.page.goto(`/student/find-teacher?q=${encodeURIComponent(teacher.last)}`);
      await s.page.getByRole('article', { name: teacher.name }).getByRole('button', { name: lang === 'fa' ? `نظرهای ${isolate(teacher.name, lang)}` : `Reviews of ${isolate(teacher.name, lang)}` }).click();
      await expect(s.page.getByRole('dialog')).toContainText('IELTS');
      await shoot(s.page, `teacher-reviews-${suffix}`, false);
      await s.context.close();

      const t = await openAs(browser, request, teacher, width);
      await setPrefs(t.page, lang, theme);
      await t.page.goto('/teacher/profile');
      const own = t.page.locator('section').filter({ hasText: 'Speaking practice' }).last();
      await expect(own).toBeVisible();
      await own.scrollIntoViewIfNeeded();
      await shoot(t.page, `teacher-own-reviews-${suffix}`);
      await t.context.close();
    });
  }
}
