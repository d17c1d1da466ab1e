// Each user's own data (issue 14, section 3) against the real binary: a
// student downloads everything Zabano holds about them, is told why their
// account cannot be deleted while money is in the wallet, and a teacher with
// nothing pending deletes theirs and can no longer sign in.
import { expect as baseExpect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAccessible, registerViaApi, setPrefs, signInViaApi } from './helpers';
import { makeStudent, topUp } from './materials-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('a student downloads their data, and is told why their account cannot go yet', async ({ page, context, request }) => {
  const student = await makeStudent(request);
  await topUp(request, student, 20_000);
  await signInViaApi(context, request, student);
  await setPrefs(page, 'en', 'light');
  await page.goto('/student/settings');
  const section = page.getByRole('region', { name: 'Your data and account' });
  const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download my data' }).click()]);
  expect(file.suggestedFilename()).toBe(`zabano-${student.username}.zip`);
  // A ZIP starts with "PK".
  expect(readFileSync(await file.path()).subarray(0, 2).toString()).toBe('PK');
  await expect(section.getByText('Your data was downloaded.')).toBeVisible();

  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await dialog.getByLabel('Password', { exact: true }).fill(student.password);
  await expectAccessible(page, 'delete-account dialog');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/wallet/i);
  await expect(dialog).toBeVisible();
});

test('a teacher with nothing pending deletes their account and cannot sign in again', async ({ page, context, request }) => {
  const teacher = await registerViaApi(request, 'teacher');
  await signInViaApi(context, request, teacher);
  await page.goto('/teacher/settings');
  const section = page.getByRole('region', { name: 'داده‌ها و حساب شما' });
  await section.getByRole('button', { name: 'حذف حساب' }).click();
  const dialog = page.getByRole('dialog', { name: 'حذف حساب کاربری' });
  await dialog.getByLabel('رمز عبور', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'حذف همیشگی حساب' }).click();
  await expect(dialog.getByLabel('رمز عبور', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('رمز عبور', { exact: true }).fill(teacher.password);
  await dialog.getByRole('button', { name: 'حذف همیشگی حساب' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const again = await request.post('/api/token/', { data: { username: teacher.username, password: teacher.password, role: 'teacher' } });
  expect(again.status()).toBeGreaterThanOrEqual(400);
});
