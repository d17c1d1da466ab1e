// Screenshots of the screens of issue 8 for docs/screenshots/ (run with
// `npx playwright test --project=screenshots e2e/materials-screenshots.spec.ts`):
// teacher materials and courses, the student's education, notes, courses,
// dashboard and booked teachers, the teacher's students and settings, in
// fa/dark and en/light, 390 and 1280 px wide.
import { expect, test, type Page } from '@playwright/test';
import { setPrefs, signInViaApi } from './helpers';
import { looks, OUT, widths } from './screenshots';
import { SMALL_PDF, advanceClock, bookClass, makeStudent, makeTeacher, markDone, serverNow, topUp, type Person } from './materials-fixtures';


test.describe.configure({ mode: 'serial', timeout: 600_000 });

let teacher: Person & { levelPrice: number };
let student: Person;

function auth(p: Person) {
  return { Authorization: `Bearer ${p.token}` };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  teacher = await makeTeacher(request, { first: 'مینا', last: 'رضایی' });
  student = await makeStudent(request, { first: 'Sara', last: 'Mohammadi' });
  await topUp(request, student, 500000);
  const done = await bookClass(request, teacher, student, 2);
  await bookClass(request, teacher, student, 4);
  await advanceClock(request, Math.ceil((done.end - (await serverNow(request))) / 1000) + 60);
  await markDone(request, student, done.id);
  await bookClass(request, teacher, student, 26);

  const h = auth(teacher);
  await request.post('/api/materials/', {
    headers: h,
    multipart: {
      title: 'گرامر زمان گذشته',
      description: 'جزوهٔ جلسهٔ اول: گذشتهٔ ساده و استمراری، با مثال.',
      material_type: 'note',
      file: { name: 'past-tense.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF },
    },
  });
  await request.post('/api/materials/', {
    headers: h,
    multipart: { title: 'Homework: my city', description: 'Write 150 words about your city.', material_type: 'assignment', file: { name: 'homework.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF } },
  });
  await request.post('/api/materials/', {
    headers: h,
    data: { title: 'کلاس آنلاین هفتگی', material_type: 'class_link', link_url: 'https://meet.jit.si/zabano-weekly' },
  });
  await request.post('/api/courses/', {
    headers: h,
    data: { title: 'Conversation club', description: 'Speaking practice on everyday topics.', classLink: 'https://meet.jit.si/zabano-club', days: [1, 3, 6], startTime: '18:30', isActive: true },
  });
  await request.post('/api/courses/', {
    headers: h,
    data: { title: 'آمادگی آیلتس', description: 'Writing task 2, every week.', classLink: '', days: [0], startTime: '10:00', isActive: false },
  });
  await request.post('/api/teacher/update-student-level/', { headers: h, data: { student_id: (await (await request.get('/api/profile/', { headers: auth(student) })).json()).id, level: 'B1' } });
  for (const [title, content] of [
    ['Irregular verbs', 'go – went – gone\nsee – saw – seen\ntake – took – taken'],
    ['واژه‌های درس ۳', 'commute: رفت‌وآمد\nneighbourhood: محله'],
    ['Idioms', 'break the ice'],
  ]) {
    await request.post('/api/notes/', { headers: auth(student), data: { title, content } });
  }
});

async function shoot(page: Page, path: string, name: string, ready: (p: Page) => Promise<void>) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await ready(page);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true });
}

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`issue 8 screens ${suffix}`, async ({ browser, request }) => {
      const viewport = { width, height: width < 600 ? 844 : 800 };
      const sc = await browser.newContext({ viewport });
      await signInViaApi(sc, request, student);
      const s = await sc.newPage();
      await setPrefs(s, lang, theme);
      await shoot(s, '/student/dashboard', `dashboard-${suffix}`, async (p) => {
        // One class done of the three booked.
        await expect(p.locator('section[aria-labelledby=dashboard-progress-title] [role=progressbar]')).toHaveAttribute('aria-valuenow', '33', { timeout: 30_000 });
        await expect(p.locator('section[aria-labelledby=notes-widget-title] h3')).toHaveCount(2, { timeout: 30_000 });
      });
      await shoot(s, '/student/notes', `student-education-${suffix}`, async (p) => {
        await expect(p.getByRole('article')).toHaveCount(3, { timeout: 30_000 });
      });
      await shoot(s, '/student/notes?tab=notes', `student-notes-${suffix}`, async (p) => {
        await expect(p.getByRole('article')).toHaveCount(3, { timeout: 30_000 });
      });
      await shoot(s, '/student/courses', `student-courses-${suffix}`, async (p) => {
        await expect(p.getByRole('article')).toHaveCount(1, { timeout: 30_000 });
      });
      await shoot(s, '/student/booked-teachers', `booked-teachers-${suffix}`, async (p) => {
        await expect(p.getByRole('article')).toHaveCount(1, { timeout: 30_000 });
        await expect(p.getByText('IELTS and conversation')).toBeVisible({ timeout: 30_000 });
      });
      await shoot(s, '/student/settings', `settings-${suffix}`, async (p) => {
        await expect(p.getByRole('combobox').first()).toBeVisible();
      });
      await sc.close();

      const tc = await browser.newContext({ viewport });
      await signInViaApi(tc, request, teacher);
      const t = await tc.newPage();
      await setPrefs(t, lang, theme);
      await t.goto('/teacher/notes');
      await expect(t.getByRole('article')).toHaveCount(3, { timeout: 30_000 });
      await t.getByRole('button', { name: lang === 'fa' ? 'افزودن مطلب' : 'Add material' }).click();
      await t.evaluate(() => document.fonts.ready);
      await t.screenshot({ path: `${OUT}teacher-materials-${suffix}.png`, fullPage: true });
      await shoot(t, '/teacher/notes?tab=courses', `teacher-courses-${suffix}`, async (p) => {
        await expect(p.getByRole('article')).toHaveCount(2, { timeout: 30_000 });
      });
      await shoot(t, '/teacher/students', `teacher-students-${suffix}`, async (p) => {
        await expect(p.getByRole('article')).toHaveCount(1, { timeout: 30_000 });
      });
      await tc.close();
    });
  }
}
