// Screenshots of the problem-report screens for docs/screenshots/ (run with
// `npm run screenshots`; ZABANO_SHOTS_DIR writes them elsewhere): the
// report dialog, the student's classes with a report waiting for the
// teacher, and the teacher's completed classes with Accept / Decline and a
// dispute, in fa/dark and en/light, 390 and 1280 px wide.
import { expect as baseExpect, test } from '@playwright/test';
import { setPrefs } from './helpers';
import { looks, shoot, widths } from './screenshots';
import { advanceClock, bookClass, makeStudent, makeTeacher, openAs, serverNow, topUp, type Person } from './materials-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let teacher: Person & { levelPrice: number };
let student: Person;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

// Three ended classes of one student with one teacher: one the student
// reported (open), one the teacher reported and the student declined
// (disputed), and one not reported, so the report button shows too.
test.beforeAll(async ({ request }) => {
  teacher = await makeTeacher(request, { first: 'مینا', last: 'رضایی' });
  student = await makeStudent(request, { first: 'Sara', last: 'Mohammadi' });
  await topUp(request, student, 1_000_000);
  const classes = [
    await bookClass(request, teacher, student, 1),
    await bookClass(request, teacher, student, 2),
    await bookClass(request, teacher, student, 3),
  ];
  await advanceClock(request, Math.ceil((classes[2]!.end - (await serverNow(request))) / 1000) + 60);
  const open = await request.post(`/api/slot/${classes[0]!.id}/problem/`, {
    headers: auth(student.token),
    data: { reason: 'teacher_absent', text: 'استاد سر کلاس نیامد؛ ۲۰ دقیقه منتظر ماندم.', resolution: 'full_refund' },
  });
  expect(open.status(), await open.text()).toBe(201);
  const disputed = await request.post(`/api/slot/${classes[1]!.id}/problem/`, {
    headers: auth(teacher.token),
    data: { reason: 'technical', text: 'The connection dropped twice.', resolution: 'half_refund' },
  });
  expect(disputed.status(), await disputed.text()).toBe(201);
  const { id } = (await disputed.json()) as { id: number };
  expect((await request.put(`/api/slot/problem/${id}/`, { headers: auth(student.token), data: { accept: false } })).status()).toBe(200);
});

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`problem screens ${suffix}`, async ({ browser, request }) => {
      const s = await openAs(browser, request, student, width);
      await s.page.clock.install({ time: await serverNow(request) });
      await setPrefs(s.page, lang, theme);
      await s.page.goto('/student/booked-slots');
      await expect(s.page.getByRole('region', { name: lang === 'fa' ? 'گزارش مشکل' : 'Problem report' }).first()).toBeVisible();
      await shoot(s.page, `student-problems-${suffix}`);
      await s.page.getByRole('button', { name: lang === 'fa' ? 'گزارش مشکل' : 'Report a problem' }).first().click();
      const dialog = s.page.getByRole('dialog');
      await dialog.getByRole('radio').first().check();
      await dialog.getByRole('radio').nth(4).check(); // full refund
      await shoot(s.page, `problem-dialog-${suffix}`, false);
      await s.context.close();

      const t = await openAs(browser, request, teacher, width);
      await t.page.clock.install({ time: await serverNow(request) });
      await setPrefs(t.page, lang, theme);
      await t.page.goto('/teacher/booked-slots');
      await t.page.getByRole('tab').nth(1).click(); // completed
      await expect(t.page.getByRole('button', { name: lang === 'fa' ? 'می‌پذیرم' : 'Accept' })).toBeVisible();
      await shoot(t.page, `teacher-problems-${suffix}`);
      await t.context.close();
    });
  }
}
