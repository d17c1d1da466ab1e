// Problem reports (issue 13, section 6) against the real binary: after a
// class has ended (the server's clock moved past it), its student reports
// that the teacher did not come and asks for a full refund; the teacher
// accepts on their completed classes, and the student's balance is whole again.
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, isolate, setPrefs } from './helpers';
import { advanceClock, bookClass, makeStudent, makeTeacher, openAs, serverNow, topUp, type Person } from './materials-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const TOP_UP = 400_000;

async function wallet(request: APIRequestContext, p: Person): Promise<number> {
  const res = await request.get('/api/profile/', { headers: { Authorization: `Bearer ${p.token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { wallet: number }).wallet;
}

test('a student reports the teacher did not come, the teacher accepts a full refund, and the money is back', async ({ browser, request }) => {
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);
  await topUp(request, student, TOP_UP);
  const booked = await bookClass(request, teacher, student, 1);
  const paid = await wallet(request, student);
  expect(paid).toBeLessThan(TOP_UP);
  // The class ends: the shared dev clock moves past it (forward only).
  await advanceClock(request, Math.ceil((booked.end - (await serverNow(request))) / 1000) + 60);

  const s = await openAs(browser, request, student);
  await s.page.clock.install({ time: await serverNow(request) });
  await setPrefs(s.page, 'en', 'light');
  await s.page.goto('/student/booked-slots');
  const card = s.page.getByRole('article', { name: teacher.name });
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = s.page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog).toContainText(`What went wrong in your class with ${isolate(teacher.name, 'en')}?`);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose what went wrong.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'The teacher did not come' }).check();
  await dialog.getByRole('radio', { name: /Full refund/ }).check();
  await dialog.getByLabel(/Details/).fill('I waited 20 minutes in the room — استاد نیامد.');
  await expectAccessible(s.page, 'report-a-problem dialog (en)');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  const report = card.getByRole('region', { name: 'Problem report' });
  await expect(report).toContainText('You reported: The teacher did not come');
  await expect(report).toContainText("Waiting for the teacher's answer");
  // The payment waits: the class can no longer be marked done.
  await expect(card.getByRole('button', { name: 'Mark done' })).toHaveCount(0);
  expect(await wallet(request, student)).toBe(paid);

  // The teacher sees it among their completed classes and accepts.
  const t = await openAs(browser, request, teacher);
  await t.page.clock.install({ time: await serverNow(request) });
  await setPrefs(t.page, 'en', 'light');
  await t.page.goto('/teacher/booked-slots');
  await t.page.getByRole('tab', { name: /Completed/ }).click();
  const theirs = t.page.getByRole('article', { name: student.name });
  const answer = theirs.getByRole('region', { name: 'Problem report' });
  await expect(answer).toContainText('The student reported: The teacher did not come');
  await expect(answer).toContainText('Waiting for your answer');
  await expectAccessible(t.page, 'a problem report to answer (en)');
  await answer.getByRole('button', { name: 'Accept' }).click();
  const confirm = t.page.getByRole('alertdialog');
  await expect(confirm).toContainText('goes back to the student');
  await confirm.getByRole('button', { name: 'Accept' }).click();
  await expect(confirm).toBeHidden();
  await expect(answer).toContainText('Refunded in full');

  // The money is back, and the student's card says so.
  await expect.poll(() => wallet(request, student)).toBe(TOP_UP);
  await s.page.reload();
  await expect(s.page.getByRole('article', { name: teacher.name }).getByRole('region', { name: 'Problem report' })).toContainText('Refunded in full');
  await s.context.close();
  await t.context.close();
});
