// Screenshots of the operator's console and of issue 14's screens for members
// for docs/screenshots/ (run with `npx playwright test --project=screenshots
// e2e/admin-screenshots.spec.ts`; ZABANO_SHOTS_DIR writes them elsewhere): the
// operator's sign-in code step, every console screen with its dialogs, a
// rejected teacher's profile, and the student's data, account and refund
// settings, in fa/dark and en/light, 390 and 1280 px wide. Against the run's
// reviewing server (admin-fixtures.ts), which needs real queues to show.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { setPrefs, signInViaApi } from './helpers';
import { looks, shoot, widths } from './screenshots';
import { advanceClock, bookClass, makeStudent, makeTeacher, markDone, serverNow, topUp, type Person } from './materials-fixtures';
import { approveTeacher, bearer, createOperator, openAsOperator, operatorToken, onReviewServer, type Operator } from './admin-fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.use(onReviewServer);
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const IBAN = 'IR062960000000100324200001';

let op: Operator;
let teacher: Person & { levelPrice: number };
let rejected: Person & { levelPrice: number };
let student: Person;
let teacherId = 0;
let disputeId = 0;

async function idOf(request: APIRequestContext, p: Person): Promise<number> {
  return ((await (await request.get('/api/profile/', { headers: bearer(p.token) })).json()) as { id: number }).id;
}

async function ok(res: Promise<import('@playwright/test').APIResponse>): Promise<unknown> {
  const r = await res;
  expect(r.status(), await r.text()).toBeLessThan(300);
  return r.status() === 204 ? null : r.json();
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(400_000);
  op = createOperator();
  const ops = await operatorToken(request, op);
  const admin = { headers: bearer(ops) };

  // The review queue: one waiting, one sent back with a reason.
  await makeTeacher(request, { first: 'Elena', last: 'Rossi' });
  rejected = await makeTeacher(request, { first: 'رضا', last: 'کریمی' });
  await ok(request.post(`/api/admin/teachers/${await idOf(request, rejected)}/reject/`, { ...admin, data: { reason: 'عکس پروفایل چهرهٔ شما را نشان نمی‌دهد؛ عکسی روشن از روبه‌رو بگذارید.' } }));

  // An approved teacher who taught a class, was reviewed, and asked to be paid twice.
  teacher = await makeTeacher(request, { first: 'مینا', last: 'رضایی' });
  teacherId = await idOf(request, teacher);
  await approveTeacher(request, ops, teacherId);
  student = await makeStudent(request, { first: 'Sara', last: 'Mohammadi' });
  await topUp(request, student, 600_000);
  const done = await bookClass(request, teacher, student, 1);
  const disputed = await bookClass(request, teacher, student, 3);
  await advanceClock(request, Math.ceil((disputed.end - (await serverNow(request))) / 1000) + 60);
  await markDone(request, student, done.id);
  await ok(request.post(`/api/slot/${done.id}/review/`, { headers: bearer(student.token), data: { rating: 2, text: 'کلاس دیر شروع شد و استاد آمادگی نداشت.' } }));
  const report = (await ok(
    request.post(`/api/slot/${disputed.id}/problem/`, {
      headers: bearer(student.token),
      data: { reason: 'teacher_absent', text: 'I waited 30 minutes in the room; the teacher never came.', resolution: 'full_refund' },
    }),
  )) as { id: number };
  await ok(request.put(`/api/slot/problem/${report.id}/`, { headers: bearer(teacher.token), data: { accept: false } }));
  const disputes = (await ok(request.get('/api/admin/disputes/?status=disputed', admin))) as Array<{ id: number; booking: { id: number } }>;
  disputeId = disputes.find((d) => d.booking.id === disputed.id)!.id;

  await ok(request.post('/api/teacher/wallet/withdrawals/', { headers: bearer(teacher.token), data: { amount: 30_000, iban: IBAN } }));
  const [first] = (await ok(request.get('/api/teacher/wallet/withdrawals/', { headers: bearer(teacher.token) }))) as Array<{ id: number }>;
  await ok(request.post(`/api/admin/withdrawals/${first!.id}/pay/`, { ...admin, data: { reference: '1405-0923-778899' } }));
  await ok(request.post('/api/teacher/wallet/withdrawals/', { headers: bearer(teacher.token), data: { amount: 40_000, iban: IBAN } }));

  // A payment left at the gateway, a wallet credited by hand, a student suspended.
  await ok(request.post('/panel-api/api/payment/request/', { headers: bearer(student.token), data: { amount: 150_000 } }));
  await ok(request.post('/api/admin/adjustments/', { ...admin, data: { user_id: await idOf(request, student), amount: 20_000, reason: 'هدیهٔ خوش‌آمد برای جبران کلاس لغوشده' } }));
  const spammer = await makeStudent(request, { first: 'Omid', last: 'Tehrani' });
  await ok(request.post(`/api/admin/users/${await idOf(request, spammer)}/suspend/`, { ...admin, data: { reason: 'Sent the same advert to twelve teachers.' } }));
});

const t = {
  fa: { pay: /^پرداخت/, decide: 'تصمیم‌گیری', adjust: 'اصلاح موجودی', code: 'کد تأیید', next: 'ادامه', user: 'نام کاربری', pass: 'رمز عبور' },
  en: { pay: /^Pay/, decide: 'Decide', adjust: 'Adjust wallet', code: 'Verification code', next: 'Continue', user: 'Username', pass: 'Password' },
};

/** settled waits for a console screen's heading and for its data. */
async function settled(page: Page, lang: 'fa' | 'en') {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: lang === 'fa' ? 'در حال بارگذاری…' : 'Loading…' })).toHaveCount(0);
}

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`console ${suffix}`, async ({ browser, page, context, request }) => {
      const w = t[lang];
      // An operator of its own: a phone gets 3 codes in 10 minutes.
      const me = createOperator();
      // The operator's second step, as they see it.
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await setPrefs(page, lang, theme);
      await page.goto('/login?role=admin');
      await page.getByLabel(w.user, { exact: true }).fill(me.username);
      await page.getByLabel(w.pass, { exact: true }).fill(me.password);
      await page.getByRole('button', { name: w.next }).click();
      await expect(page.getByLabel(w.code)).toBeVisible();
      await shoot(page, `admin-login-code-${suffix}`);

      const o = await openAsOperator(browser, request, me, width);
      const p = o.page;
      await setPrefs(p, lang, theme);
      const screens: Array<[string, string]> = [
        ['/admin/overview', 'admin-overview'],
        [`/admin/users`, 'admin-users'],
        [`/admin/users/${teacherId}`, 'admin-user'],
        ['/admin/teachers', 'admin-teachers'],
        ['/admin/withdrawals', 'admin-withdrawals'],
        ['/admin/withdrawals?status=paid', 'admin-withdrawals-paid'],
        ['/admin/payments', 'admin-payments'],
        ['/admin/disputes', 'admin-disputes'],
        [`/admin/disputes/${disputeId}`, 'admin-dispute'],
        ['/admin/reviews', 'admin-reviews'],
        ['/admin/commission', 'admin-commission'],
        ['/admin/audit', 'admin-audit'],
        ['/admin/log', 'admin-log'],
      ];
      for (const [path, name] of screens) {
        await p.goto(path);
        await settled(p, lang);
        await shoot(p, `${name}-${suffix}`);
      }

      await p.goto('/admin/withdrawals');
      await settled(p, lang);
      await p.getByTestId('admin-withdrawal').first().getByRole('button', { name: w.pay }).click();
      await expect(p.getByRole('dialog')).toBeVisible();
      await shoot(p, `admin-pay-dialog-${suffix}`, false);

      await p.goto(`/admin/disputes/${disputeId}`);
      await settled(p, lang);
      await p.getByRole('button', { name: w.decide }).click();
      await p.getByRole('dialog').getByRole('radio').nth(1).check();
      await shoot(p, `admin-decide-dialog-${suffix}`, false);

      await p.goto(`/admin/users/${teacherId}`);
      await settled(p, lang);
      await p.getByRole('button', { name: w.adjust }).click();
      await expect(p.getByRole('dialog')).toBeVisible();
      await shoot(p, `admin-adjust-dialog-${suffix}`, false);
      await o.context.close();

      // The members' side: a rejected teacher's profile, a student's data and refund.
      await context.clearCookies();
      await signInViaApi(context, request, rejected);
      await page.goto('/teacher/profile');
      await expect(page.getByTestId('review-state')).toBeVisible();
      // The top of the screen: the profile below is a long form.
      await shoot(page, `teacher-profile-rejected-${suffix}`, false);

      await context.clearCookies();
      await signInViaApi(context, request, student);
      await page.goto('/student/settings');
      await expect(page.getByRole('region', { name: lang === 'fa' ? 'داده‌ها و حساب شما' : 'Your data and account' })).toBeVisible();
      await shoot(page, `settings-account-${suffix}`);
      await page.goto('/student/wallet');
      await expect(page.getByRole('region', { name: lang === 'fa' ? 'بازگشت موجودی به حساب بانکی' : 'Refund to your bank account' })).toBeVisible();
      await shoot(page, `student-wallet-refund-${suffix}`);
    });
  }
}
