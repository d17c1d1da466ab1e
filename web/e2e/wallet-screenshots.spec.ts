// Screenshots of the wallet and payment screens for docs/screenshots/ (run
// with `npm run screenshots`; ZABANO_SHOTS_DIR writes them elsewhere): the
// student wallet, the top-up dialog, the callback's success and failure, the
// gateway test page and the teacher wallet, in fa/dark and en/light, 390 and
// 1280 px wide.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, setPrefs, signInViaApi, type Account } from './helpers';
import { looks, OUT, widths } from './screenshots';

// Screens load lazily and the machines that run this are often busy: wait longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const IBAN = 'IR062960000000100324200001';

test.describe.configure({ mode: 'serial', timeout: 120_000, retries: 2 });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, a: Account): Promise<string> {
  const res = await request.post('/api/token/', { data: { username: a.username, password: a.password, role: a.role } });
  return ((await res.json()) as { access: string }).access;
}

async function pay(request: APIRequestContext, token: string, amount: number, status: 'OK' | 'NOK', description = ''): Promise<string> {
  const req = await request.post('/panel-api/api/payment/request/', {
    headers: bearer(token),
    data: { amount, description, metadata: { mobile: '09120000000', email: 'e2e@example.com' } },
  });
  const { data } = (await req.json()) as { data: { authority: string } };
  await request.post(`/sandbox/pay/${data.authority}`, { form: { status }, maxRedirects: 0 });
  if (status === 'OK') expect((await request.post('/api/student/wallet/topup/', { headers: bearer(token), data: { authority: data.authority } })).status()).toBe(200);
  return data.authority;
}

let student: Account;
let teacher: Account;
let paid = '';
let cancelled = '';

test.beforeAll(async ({ request }) => {
  student = await registerViaApi(request, 'student');
  teacher = await registerViaApi(request, 'teacher');
  const st = await tokenOf(request, student);
  const te = await tokenOf(request, teacher);
  await request.post('/api/teacher/profile/', {
    headers: bearer(te),
    multipart: { first_name: 'Reza', last_name: 'Karimi', language_levels: JSON.stringify([{ language: 'English', levels: ['B1'], regular_price: 30000, exam_price: 40000 }]) },
  });
  await request.post('/api/student/profile/', { headers: bearer(st), multipart: { first_name: 'سارا', last_name: 'محمدی' } });
  await pay(request, st, 250000, 'OK', 'Spring lessons');
  paid = await pay(request, st, 50000, 'OK');
  cancelled = await pay(request, st, 20000, 'NOK');
  const now = new Date(((await (await request.post('/api/dev/clock/', { data: { advance_seconds: 0 } })).json()) as { now: string }).now);
  const slot = await request.post('/api/slot/available/', {
    headers: bearer(te),
    data: { start: new Date(now.getTime() + 2 * 60_000).toISOString(), end: new Date(now.getTime() + 62 * 60_000).toISOString() },
  });
  const { id: slotId } = (await slot.json()) as { id: number };
  const me = (await (await request.get('/api/profile/', { headers: bearer(te) })).json()) as { id: number };
  const pricing = (await (await request.get(`/api/teachers/${me.id}/profile/`, { headers: bearer(st) })).json()) as { level_prices: Array<{ id: number }> };
  const booked = await request.post('/api/slot/booking/', { headers: bearer(st), data: { slot: slotId, level_price: pricing.level_prices[0]!.id } });
  const { id: bookingId } = (await booked.json()) as { id: number };
  await request.post('/api/dev/clock/', { data: { advance_seconds: 63 * 60 } });
  await request.put(`/api/slot/done/${bookingId}/`, { headers: bearer(st) });
  await request.post('/api/teacher/wallet/withdrawals/', { headers: bearer(te), data: { amount: 20000, iban: IBAN } });
});

async function shot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true });
}

for (const [lang, theme] of looks) {
  for (const width of widths) {
    const suffix = `${lang}-${theme}-${width}`;
    test(`wallet screens ${suffix}`, async ({ page, context, request }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await setPrefs(page, lang, theme);
      await signInViaApi(context, request, student);

      await page.goto('/student/wallet');
      await expect(page.getByTestId('transaction')).toHaveCount(3);
      await expect(page.getByTestId('wallet-balance')).toBeVisible();
      await shot(page, `student-wallet-${suffix}`);

      await page.getByRole('button', { name: lang === 'fa' ? 'افزایش موجودی' : 'Top up', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: lang === 'fa' ? '۱۰۰٬۰۰۰ تومان' : '100,000 Toman', exact: true }).click();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${OUT}topup-dialog-${suffix}.png` });
      await page.keyboard.press('Escape');

      await page.goto(`/payment/callback?Authority=${paid}&Status=OK`);
      await expect(page.getByRole('link', { name: lang === 'fa' ? 'بازگشت به کیف پول' : 'Back to wallet' })).toBeVisible();
      await shot(page, `payment-callback-success-${suffix}`);

      // The check with the gateway, held unanswered: the screen stays on "checking".
      await page.route('**/panel-api/api/payment/verify/', () => {});
      await page.goto(`/payment/callback?Authority=${paid}&Status=OK`);
      await expect(page.getByText(lang === 'fa' ? 'در حال بررسی پرداخت' : 'Checking your payment')).toBeVisible();
      await shot(page, `payment-callback-processing-${suffix}`);
      await page.unroute('**/panel-api/api/payment/verify/');

      await page.goto(`/payment/callback?Authority=${cancelled}&Status=NOK`);
      await expect(page.getByRole('alert')).toBeVisible();
      await shot(page, `payment-callback-failed-${suffix}`);

      await page.goto('/payment/zarinpal-test');
      await page.getByLabel('Authority').fill(paid);
      await page.getByRole('button', { name: lang === 'fa' ? 'تأیید پرداخت' : 'Verify payment' }).click();
      await expect(page.getByTestId('raw-result')).toContainText('"success": true');
      await shot(page, `payment-test-${suffix}`);

      await context.clearCookies();
      await signInViaApi(context, request, teacher);
      await page.goto('/teacher/wallet');
      await expect(page.getByTestId('withdrawal')).toHaveCount(1);
      await expect(page.getByTestId('transaction')).toHaveCount(2);
      await shot(page, `teacher-wallet-${suffix}`);
    });
  }
}
