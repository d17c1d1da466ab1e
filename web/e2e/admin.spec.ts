// The operator's journeys (issue 14) against the real binary's reviewing
// server: an operator signs in with the code texted to their phone, approves a
// new teacher who then appears in Find teacher, pays a teacher's withdrawal
// that the teacher then sees as paid, and decides a dispute both sides then see.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, latestCode, setPrefs, signInViaApi } from './helpers';
import { advanceClock, bookClass, makeStudent, makeTeacher, serverNow, topUp, type Person } from './materials-fixtures';
import { approveTeacher, bearer, createOperator, openAsOperator, operatorToken, smsCount, onReviewServer } from './admin-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.use(onReviewServer);
test.describe.configure({ timeout: 240_000 });

const IBAN = 'IR062960000000100324200001';

async function profileId(request: APIRequestContext, p: Person): Promise<number> {
  return ((await (await request.get('/api/profile/', { headers: bearer(p.token) })).json()) as { id: number }).id;
}

/** enterCode reads the newest code texted to phone and signs in with it. */
async function enterCode(page: Page, request: APIRequestContext, phone: string, count: number) {
  const code = await latestCode(request, phone, count);
  // Typed in Persian digits, as a Persian keyboard would.
  await page.getByLabel('کد تأیید').fill(code.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d))));
  await page.getByRole('button', { name: 'تأیید کد و ورود' }).click();
}

test('an operator signs in with the code texted to their phone, and stays in the console', async ({ page, request }) => {
  const op = createOperator();
  await page.goto('/login');
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByText('ورود اپراتور')).toHaveCount(0);

  await page.goto('/login?role=admin');
  await expect(page.getByRole('heading', { level: 1, name: 'ورود اپراتور' })).toBeVisible();
  await expectAccessible(page, 'operator sign-in');
  await page.getByLabel('نام کاربری', { exact: true }).fill(op.username);
  await page.getByLabel('رمز عبور', { exact: true }).fill(op.password);
  const before = await smsCount(request, op.phone);
  await page.getByRole('button', { name: 'ادامه' }).click();
  await expect(page.getByText('کد ورود به موبایل شما پیامک شد.')).toBeVisible();
  await expectAccessible(page, 'operator code step');

  // A wrong code is refused next to the field.
  await page.getByLabel('کد تأیید').fill('000000');
  await page.getByRole('button', { name: 'تأیید کد و ورود' }).click();
  await expect(page.getByLabel('کد تأیید')).toHaveAttribute('aria-invalid', 'true');

  await enterCode(page, request, op.phone, before + 1);
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'نمای کلی' })).toBeVisible();
  await expect(page).toHaveTitle('نمای کلی - زبانو');

  // The members' areas send an operator back to the console.
  await page.goto('/student/wallet');
  await expect(page).toHaveURL(/\/admin\/overview$/);
  // Their log is theirs to read, and only to read.
  await page.getByRole('navigation', { name: 'منوی اصلی' }).first().getByRole('link', { name: 'گزارش اپراتورها' }).click();
  await expect(page.getByText('این گزارش فقط‌خواندنی است.')).toBeVisible();
});

test('an operator approves a new teacher, who then appears in Find teacher', async ({ browser, page, context, request }) => {
  const op = createOperator();
  const teacher = await makeTeacher(request);
  const student = await makeStudent(request);

  // Not listed while waiting for review.
  await signInViaApi(context, request, student);
  await setPrefs(page, 'en', 'light');
  await page.goto(`/student/find-teacher?q=${encodeURIComponent(teacher.last)}`);
  await expect(page.getByText(teacher.last)).toHaveCount(0);

  const o = await openAsOperator(browser, request, op);
  await setPrefs(o.page, 'en', 'light');
  await o.page.goto('/admin/teachers');
  const card = o.page.getByTestId('pending-teacher').filter({ hasText: teacher.last });
  await expect(card).toContainText('Teacher of English for ten years');
  await expect(card).toContainText('100,000 Toman');
  await expectAccessible(o.page, 'teacher review (en)');
  await card.getByRole('button', { name: 'Approve' }).click();
  const confirm = o.page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm).toBeHidden();
  await expect(o.page.getByText(/was approved and is listed\.$/)).toBeVisible();
  await expect(card).toHaveCount(0);
  await o.context.close();

  await page.goto(`/student/find-teacher?q=${encodeURIComponent(teacher.last)}`);
  await expect(page.getByText(teacher.last).first()).toBeVisible();
});

test('an operator pays a withdrawal with the bank reference, and the teacher sees it paid', async ({ browser, page, context, request }) => {
  const op = createOperator();
  const opToken = await operatorToken(request, op);
  const teacher = await makeTeacher(request);
  await approveTeacher(request, opToken, await profileId(request, teacher));
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  const booked = await bookClass(request, teacher, student, 1);
  await advanceClock(request, Math.ceil((booked.end - (await serverNow(request))) / 1000) + 60);
  expect((await request.put(`/api/slot/done/${booked.id}/`, { headers: bearer(student.token) })).status()).toBe(200);
  const asked = await request.post('/api/teacher/wallet/withdrawals/', { headers: bearer(teacher.token), data: { amount: 40_000, iban: IBAN } });
  expect(asked.status(), await asked.text()).toBe(201);

  const o = await openAsOperator(browser, request, op);
  await o.page.goto('/admin/withdrawals');
  const row = o.page.getByTestId('admin-withdrawal').filter({ hasText: teacher.last });
  await expect(row).toContainText('۴۰٬۰۰۰ تومان');
  await expect(row.getByTestId('iban')).toHaveText('IR06 2960 0000 0010 0324 2000 01');
  await expectAccessible(o.page, 'withdrawals queue');
  await row.getByRole('button', { name: /^پرداخت/ }).click();
  const dialog = o.page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'ثبت پرداخت' }).click();
  await expect(dialog.getByText('شماره پیگیری بانک را وارد کنید.')).toBeVisible();
  await dialog.getByLabel('شماره پیگیری بانک').fill('BANK-778899');
  await expectAccessible(o.page, 'pay dialog');
  await dialog.getByRole('button', { name: 'ثبت پرداخت' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await o.page.getByRole('tab', { name: 'پرداخت‌شده' }).click();
  await expect(o.page.getByTestId('admin-withdrawal').filter({ hasText: teacher.last })).toContainText('BANK-778899');
  await o.context.close();

  await signInViaApi(context, request, teacher);
  await page.goto('/teacher/wallet');
  const mine = page.getByTestId('withdrawal');
  await expect(mine).toContainText('پرداخت‌شده');
  await expect(mine).toContainText('BANK-778899');
});

test('an operator decides a dispute with half a refund, and both sides see the decision', async ({ browser, page, context, request }) => {
  const op = createOperator();
  const opToken = await operatorToken(request, op);
  const teacher = await makeTeacher(request);
  await approveTeacher(request, opToken, await profileId(request, teacher));
  const student = await makeStudent(request);
  await topUp(request, student, 300_000);
  const booked = await bookClass(request, teacher, student, 1);
  await advanceClock(request, Math.ceil((booked.end - (await serverNow(request))) / 1000) + 60);
  const report = await request.post(`/api/slot/${booked.id}/problem/`, {
    headers: bearer(student.token),
    data: { reason: 'teacher_absent', text: 'The teacher came 40 minutes late.', resolution: 'full_refund' },
  });
  expect(report.status(), await report.text()).toBe(201);
  const { id: reportId } = (await report.json()) as { id: number };
  const declined = await request.put(`/api/slot/problem/${reportId}/`, { headers: bearer(teacher.token), data: { accept: false } });
  expect(declined.status(), await declined.text()).toBe(200);

  const o = await openAsOperator(browser, request, op);
  await setPrefs(o.page, 'en', 'dark');
  await o.page.goto('/admin/disputes');
  const row = o.page.getByTestId('admin-dispute').filter({ hasText: teacher.last });
  await row.getByRole('link').first().click();
  const statements = o.page.getByRole('region', { name: 'Both sides' });
  await expect(statements).toContainText('The teacher came 40 minutes late.');
  await expect(statements).toContainText("The teacher's answer: declined");
  await expectAccessible(o.page, 'a dispute (en)');
  await o.page.getByRole('button', { name: 'Decide' }).click();
  const dialog = o.page.getByRole('dialog', { name: 'Decide this dispute' });
  await dialog.getByRole('radio', { name: /Half refund/ }).check();
  await dialog.getByLabel(/Note to both sides/).fill('The class took place, but 40 minutes late.');
  await expectAccessible(o.page, 'decide dialog (en)');
  await dialog.getByRole('button', { name: 'Record the decision' }).click();
  await expect(dialog).toBeHidden();
  await expect(o.page.getByRole('region', { name: 'Decision' })).toContainText('50% refund: 50,000 Toman');
  await o.context.close();

  // Both sides see it on their class.
  await signInViaApi(context, request, student);
  await setPrefs(page, 'en', 'light');
  await page.goto('/student/booked-slots');
  await expect(page.getByRole('article', { name: teacher.name }).getByRole('region', { name: 'Problem report' })).toContainText('half');
  await expect(page.getByRole('article', { name: teacher.name })).toContainText('The class took place, but 40 minutes late.');
});

test('every console screen passes an accessibility check', async ({ browser, request }) => {
  const op = createOperator();
  const o = await openAsOperator(browser, request, op);
  for (const [lang, theme] of [['fa', 'dark'], ['en', 'light']] as const) {
    await setPrefs(o.page, lang, theme);
    for (const path of ['overview', 'users', 'teachers', 'withdrawals', 'payments', 'disputes', 'adjustments', 'reviews', 'commission', 'audit', 'log']) {
      await o.page.goto(`/admin/${path}`);
      await expect(o.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(o.page.getByRole('status', { name: lang === 'fa' ? 'در حال بارگذاری…' : 'Loading…' })).toHaveCount(0);
      await expectAccessible(o.page, `/admin/${path} (${lang}/${theme})`);
    }
    await o.page.goto(`/admin/users?q=${op.username}`);
    await o.page.getByTestId('user-row').getByRole('link').first().click();
    await expect(o.page.getByRole('heading', { level: 2, name: op.username })).toBeVisible();
    await expectAccessible(o.page, `a user's page (${lang}/${theme})`);
  }
  await o.context.close();
});
