// Screenshots of the find-teacher screen with its filters open (issue 15),
// for docs/screenshots/: a query typed without the zero-width non-joiner
// that the teachers' bios have, free in the next 7 days, a price range, and
// a saved teacher's heart, in fa/dark and en/light, 390 and 1280 px wide.
import { expect as baseExpect, test } from '@playwright/test';
import { setPrefs, signInViaApi } from './helpers';
import { bearer, makeTeacher, openSlotAt, person, png, serverNow, tehranAt, type Person } from './find-teacher-fixtures';
import { looks, shoot, widths } from './screenshots';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000, retries: 1 });
test.use({ timezoneId: 'Asia/Tehran' });

let student: Person;

test.beforeAll(async ({ request }) => {
  const teachers = [
    { first: 'نسترن', last: 'کریمی', bio: 'کلاس‌های گفت‌وگومحور انگلیسی برای سفر و کار.', price: 240000, colors: [[79, 70, 229], [236, 72, 153]] as const },
    { first: 'Elena', last: 'Rossi', bio: 'Italian and English: گفت‌وگو from the first class.', price: 310000, colors: [[16, 185, 129], [59, 130, 246]] as const },
    { first: 'کاوه', last: 'نوری‌پور', bio: 'آمادگی آیلتس با کلاس‌های گفت‌وگو و نوشتن.', price: 380000, colors: [[245, 158, 11], [239, 68, 68]] as const },
  ];
  const made = [];
  const now = await serverNow(request);
  for (const [i, t] of teachers.entries()) {
    const teacher = await makeTeacher(request, {
      first: t.first,
      last: t.last,
      bio: t.bio,
      price: t.price,
      experience: 6,
      levels: [{ language: 'English', levels: ['A2', 'B1', 'B2'], regular_price: t.price, exam_price: 0 }],
      photo: png([...t.colors[0]], [...t.colors[1]]),
    });
    // Tomorrow and the day after, mornings and afternoons in Tehran.
    for (const [days, hh] of [[1, 9 + i], [1, 14 + i], [2, 10 + i]] as const) await openSlotAt(request, teacher, tehranAt(now, days, hh));
    made.push(teacher);
  }
  student = await person(request, 'student');
  const res = await request.post(`/api/teachers/${made[0]!.id}/save/`, { headers: bearer(student.token) });
  expect(res.status()).toBe(204);
});

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`find-teacher with the filters open ${suffix}`, async ({ page, context, request }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await signInViaApi(context, request, student);
      await setPrefs(page, lang, theme);
      // "گفتوگو" without the non-joiner finds the bios written with it.
      await page.goto(`/student/find-teacher?q=${encodeURIComponent('گفتوگو')}&price_min=200000&price_max=400000&time=morning,afternoon&within=7`);
      await expect(page.getByRole('list').getByRole('article').nth(2)).toBeVisible();
      await expect(page.getByRole('list').getByRole('article').first().locator('img')).toHaveJSProperty('complete', true);
      await expect(page.getByRole('button', { name: lang === 'fa' ? 'ذخیره‌شده' : 'Saved', exact: true })).toBeVisible();
      await shoot(page, `find-teacher-filters-${suffix}`);
    });
  }
}
