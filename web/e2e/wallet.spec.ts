// Journeys of the wallet and card payments (issue 5) against the real server
// and its sandbox gateway (/sandbox/pay/{authority}: Pay / Cancel).
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, registerViaApi, setPrefs, signInViaApi, type Account } from './helpers';

// Screens load lazily and the machines that run this are often busy: wait longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const IBAN = 'IR062960000000100324200001';

async function tokenOf(request: APIRequestContext, a: Account): Promise<string> {
  const res = await request.post('/api/token/', { data: { username: a.username, password: a.password, role: a.role } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** topUpViaApi pays amount through the sandbox as a browser would, without one. */
async function topUpViaApi(request: APIRequestContext, token: string, amount: number): Promise<void> {
  const req = await request.post('/panel-api/api/payment/request/', {
    headers: bearer(token),
    data: { amount, description: 'e2e', metadata: { mobile: '09120000000', email: 'e2e@example.com' } },
  });
  expect(req.status(), await req.text()).toBe(200);
  const { data } = (await req.json()) as { data: { authority: string } };
  const paid = await request.post(`/sandbox/pay/${data.authority}`, { form: { status: 'OK' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const top = await request.post('/api/student/wallet/topup/', { headers: bearer(token), data: { authority: data.authority } });
  expect(top.status(), await top.text()).toBe(200);
}

/** walletBalance reads the balance the server holds. */
async function walletBalance(request: APIRequestContext, token: string): Promise<number> {
  return ((await (await request.get('/api/profile/', { headers: bearer(token) })).json()) as { wallet: number }).wallet;
}

async function openTopUpWithPreset(page: Page, preset: RegExp) {
  await page.getByRole('button', { name: 'افزایش موجودی', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'افزایش موجودی کیف پول' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: preset }).click();
  return dialog;
}

test.describe('student wallet', () => {
  test('tops up 50,000 Toman through the sandbox gateway and sees the balance and the transaction', async ({ page, context, request }) => {
    const student = await registerViaApi(request, 'student');
    await signInViaApi(context, request, student);
    await page.goto('/student/wallet');
    await expect(page).toHaveTitle('کیف پول - زبانو');
    await expect(page.getByTestId('wallet-balance')).toHaveText('۰ تومان');
    await expect(page.getByText('هنوز تراکنشی ندارید.', { exact: false })).toBeVisible();
    await expectAccessible(page, '/student/wallet');

    const dialog = await openTopUpWithPreset(page, /^۵۰٬۰۰۰ تومان$/);
    // Registered without an email: the profile cannot supply one, so pay waits for typed details.
    await expect(dialog.getByLabel('ایمیل و موبایل دیگر')).toBeChecked();
    await expect(dialog.getByLabel('شماره موبایل')).toHaveValue(student.phone);
    const pay = dialog.getByRole('button', { name: 'پرداخت ۵۰٬۰۰۰ تومان' });
    await expect(pay).toBeDisabled();
    await dialog.getByLabel('ایمیل', { exact: true }).fill('learner@example.com');
    await expect(pay).toBeEnabled();
    await expectAccessible(page, 'top-up dialog');
    await pay.click();

    await expect(page).toHaveURL(/\/sandbox\/pay\/S\w+$/);
    const authority = page.url().split('/').pop()!;
    await page.getByRole('button', { name: /Pay/ }).click();

    await expect(page).toHaveURL(new RegExp(`/payment/callback\\?Authority=${authority}&Status=OK`));
    await expect(page.getByRole('heading', { level: 1, name: 'پرداخت موفق' })).toBeVisible();
    await expect(page.getByText('۵۰٬۰۰۰ تومان به کیف پول شما اضافه شد.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pendingPayment'))).toBeNull();

    // Back to the wallet by itself after 3 seconds.
    await expect(page).toHaveURL(/\/student\/wallet$/, { timeout: 20_000 });
    await expect(page.getByTestId('wallet-balance')).toHaveText('۵۰٬۰۰۰ تومان');
    const row = page.getByTestId('transaction');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('افزایش موجودی');
    await expect(row.getByTestId('transaction-amount')).toContainText('۵۰٬۰۰۰ تومان');
    await expect(row.getByTestId('transaction-amount')).toContainText('+');

    // Coming back to the callback again credits nothing more.
    await page.goto(`/payment/callback?Authority=${authority}&Status=OK`);
    await expect(page.getByRole('heading', { level: 1, name: 'پرداخت موفق' })).toBeVisible();
    await page.getByRole('link', { name: 'بازگشت به کیف پول' }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('۵۰٬۰۰۰ تومان');
    await expect(page.getByTestId('transaction')).toHaveCount(1);
  });

  test('a cancelled payment shows the failure screen and changes nothing', async ({ page, context, request }) => {
    const student = await registerViaApi(request, 'student');
    await setPrefs(page, 'en', 'light');
    await signInViaApi(context, request, student);
    await page.goto('/student/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText('0 Toman');

    const form = page.getByRole('region', { name: 'Custom amount' });
    await form.getByLabel('Amount (Toman)').fill('20000');
    await form.getByLabel(/^Description/).fill('Lessons in December');
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up your wallet' });
    await expect(dialog.getByTestId('locked-amount')).toHaveText('20,000 Toman');
    await dialog.getByLabel('Email', { exact: true }).fill('learner@example.com');
    await dialog.getByRole('button', { name: 'Pay 20,000 Toman' }).click();

    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await page.getByRole('button', { name: /Cancel/ }).click();
    await expect(page).toHaveURL(/\/payment\/callback\?Authority=\w+&Status=NOK/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The payment was cancelled or unsuccessful.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectAccessible(page, '/payment/callback failed');
    // Retry reloads and fails the same way: the gateway said no.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toContainText('The payment was cancelled or unsuccessful.');

    await page.getByRole('link', { name: 'Return to wallet' }).click();
    await expect(page).toHaveURL(/\/student\/wallet$/);
    await expect(page.getByTestId('wallet-balance')).toHaveText('0 Toman');
    await expect(page.getByText('No transactions yet.', { exact: false })).toBeVisible();
    expect(await walletBalance(request, await tokenOf(request, student))).toBe(0);
  });

  test('a booking short of money opens the top-up with the missing amount locked', async ({ page, context, request }) => {
    const student = await registerViaApi(request, 'student');
    await setPrefs(page, 'en', 'dark');
    await signInViaApi(context, request, student);
    await page.goto('/student/wallet?amount=35000');
    const dialog = page.getByRole('dialog', { name: 'Top up your wallet' });
    await expect(dialog.getByTestId('locked-amount')).toHaveText('35,000 Toman');
    await expect(dialog.getByLabel('Amount (Toman)')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/student\/wallet$/);
  });

  test('the gateway test page sends a request, shows the raw answer and goes to the gateway', async ({ page, context, request }) => {
    const student = await registerViaApi(request, 'student');
    await setPrefs(page, 'en', 'light');
    await signInViaApi(context, request, student);
    await page.goto('/payment/zarinpal-test');
    await expect(page).toHaveTitle('Zarinpal gateway test - Zabano');
    await expect(page.getByLabel('Amount (Toman)')).toHaveValue('1000');
    await page.getByLabel('Amount (Toman)').fill('500');
    await page.getByRole('button', { name: 'Create payment request' }).click();
    await expect(page.getByTestId('raw-result')).toContainText('"status": 400');
    await expect(page.getByTestId('raw-result')).toContainText('The minimum amount is 1,000 Toman.');
    await expectAccessible(page, '/payment/zarinpal-test');

    await page.getByLabel('Amount (Toman)').fill('1000');
    await page.getByRole('button', { name: 'Create payment request' }).click();
    await expect(page.getByTestId('raw-result')).toContainText('"authority": "S');
    await expect(page).toHaveURL(/\/sandbox\/pay\/S\w+$/);
    await page.getByRole('button', { name: /Pay/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();

    await page.goto('/payment/zarinpal-test');
    // The authority of the payment just made is not pending any more; verify it by hand.
    const authority = new URL(page.url()).searchParams.get('Authority');
    expect(authority).toBeNull();
    await page.getByLabel('Authority').fill('S-no-such-payment');
    await page.getByRole('button', { name: 'Verify payment' }).click();
    await expect(page.getByTestId('raw-result')).toContainText('"status": 404');
  });

  test('the test page is for students only', async ({ page, context, request }) => {
    const teacher = await registerViaApi(request, 'teacher');
    await signInViaApi(context, request, teacher);
    await page.goto('/payment/zarinpal-test');
    await expect(page).toHaveURL(/\/teacher\/booked-slots$/);
    await context.clearCookies();
    await page.goto('/payment/zarinpal-test');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('teacher wallet', () => {
  test('a teacher is refused without earnings, then earns from a class and requests a withdrawal that stays pending', async ({ page, context, request }) => {
    const teacher = await registerViaApi(request, 'teacher');
    const student = await registerViaApi(request, 'student');
    const teacherToken = await tokenOf(request, teacher);
    const studentToken = await tokenOf(request, student);

    await signInViaApi(context, request, teacher);
    await page.goto('/teacher/wallet');
    await expect(page).toHaveTitle('کیف پول - زبانو');
    await expect(page.getByTestId('wallet-balance')).toHaveText('۰ تومان');
    await expect(page.getByText('هنوز درخواست برداشتی ثبت نکرده‌اید.')).toBeVisible();
    await expectAccessible(page, '/teacher/wallet empty');

    const form = page.getByRole('region', { name: 'درخواست برداشت' });
    await form.getByLabel('مبلغ (تومان)').fill('۲۰۰۰۰');
    await form.getByLabel('شماره شبا').fill('IR062960000000100324200002');
    await form.getByRole('button', { name: 'ثبت درخواست برداشت' }).click();
    await expect(form.getByText('یک شماره شبای معتبر وارد کنید: IR و ۲۴ رقم.')).toBeVisible();
    await form.getByLabel('شماره شبا').fill(IBAN);
    await form.getByRole('button', { name: 'ثبت درخواست برداشت' }).click();
    await expect(form.getByRole('alert')).toHaveText('موجودی کافی نیست.');

    // Earnings, honestly: the student tops up, books a 15-minute class with this
    // teacher, the dev clock passes its end, and the student marks it done.
    const saved = await request.post('/api/teacher/profile/', {
      headers: bearer(teacherToken),
      multipart: { language_levels: JSON.stringify([{ language: 'English', levels: ['B1'], regular_price: 30000, exam_price: 40000 }]) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await topUpViaApi(request, studentToken, 30000);
    const now = new Date(((await (await request.post('/api/dev/clock/', { data: { advance_seconds: 0 } })).json()) as { now: string }).now);
    const slot = await request.post('/api/slot/available/', {
      headers: bearer(teacherToken),
      data: { start: new Date(now.getTime() + 2 * 60_000).toISOString(), end: new Date(now.getTime() + 17 * 60_000).toISOString() },
    });
    expect(slot.status(), await slot.text()).toBe(201);
    const { id: slotId } = (await slot.json()) as { id: number };
    const me = (await (await request.get('/api/profile/', { headers: bearer(teacherToken) })).json()) as { id: number };
    const pricing = (await (await request.get(`/api/teachers/${me.id}/profile/`, { headers: bearer(studentToken) })).json()) as {
      level_prices: Array<{ id: number; price: number }>;
    };
    const booked = await request.post('/api/slot/booking/', {
      headers: bearer(studentToken),
      data: { slot: slotId, level_price: pricing.level_prices[0]!.id, notes: '' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id: bookingId } = (await booked.json()) as { id: number };
    expect((await request.post('/api/dev/clock/', { data: { advance_seconds: 18 * 60 } })).status()).toBe(200);
    const done = await request.put(`/api/slot/done/${bookingId}/`, { headers: bearer(studentToken) });
    expect(done.status(), await done.text()).toBe(200);

    await page.reload();
    await expect(page.getByTestId('wallet-balance')).toHaveText('۳۰٬۰۰۰ تومان');
    const stat = (name: string) => page.locator('dl > div').filter({ hasText: name });
    await expect(stat('کل کلاس‌ها')).toContainText('۱');
    await expect(stat('کل درآمد')).toContainText('۳۰٬۰۰۰ تومان');
    const classRow = page.getByTestId('transaction').first();
    await expect(classRow).toContainText('پرداخت کلاس');
    await expect(classRow.getByTestId('transaction-amount')).toHaveClass(/text-success/);

    await form.getByLabel('مبلغ (تومان)').fill('20000');
    await form.getByLabel('شماره شبا').fill(IBAN);
    await form.getByRole('button', { name: 'ثبت درخواست برداشت' }).click();
    await expect(form.getByRole('status')).toHaveText('درخواست برداشت ۲۰٬۰۰۰ تومان ثبت شد و در انتظار پرداخت است.');
    const item = page.getByTestId('withdrawal');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('۲۰٬۰۰۰ تومان');
    await expect(item).toContainText('در انتظار پرداخت');
    await expect(page.getByTestId('wallet-balance')).toHaveText('۱۰٬۰۰۰ تومان');
    await expect(stat('برداشت‌های در انتظار')).toContainText('۲۰٬۰۰۰ تومان');
    const withdrawalRow = page.getByTestId('transaction').first();
    await expect(withdrawalRow).toContainText('برداشت');
    await expect(withdrawalRow).toContainText('در انتظار پرداخت');
    await expect(withdrawalRow.getByTestId('transaction-amount')).toHaveClass(/text-danger/);
    await expectAccessible(page, '/teacher/wallet with a pending withdrawal');

    // And it stays pending after a reload: it is the server's.
    await page.reload();
    await expect(page.getByTestId('withdrawal')).toContainText('در انتظار پرداخت');
  });
});
