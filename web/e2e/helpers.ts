import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

// A value of the other direction is isolated inside a translated string (FSI …
// PDI, src/lib/bidi.ts); accessible names keep the isolates.
export { isolate } from '../src/lib/bidi';

export type Lang = 'fa' | 'en';
export type Theme = 'dark' | 'light';
export type Role = 'student' | 'teacher';
export type Account = { username: string; password: string; phone: string; role: Role };

/** randomPhone is a fresh Iranian mobile number, so the 3-codes-per-phone limit never bites. */
export function randomPhone(): string {
  return `0912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

/** uniqueName is a fresh username (the database is shared within a run). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** latestCode reads the newest code texted to phone from the dev SMS outbox,
 * waiting until there are at least `count` codes; the notifications texted
 * to the phone (no code) do not count. */
export async function latestCode(request: APIRequestContext, phone: string, count = 1): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/sms-outbox/?phone=${phone}`);
        const codes = ((await res.json()) as Array<{ code: string }>).filter((m) => m.code !== '');
        code = codes.length >= count ? codes[0]!.code : '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** registerViaApi opens an account through the API, as the role pages do. A
 * code lives 10 minutes of the server's clock, which journeys running
 * alongside move forward by hours: a code refused as expired is asked for
 * again, as operatorToken does. */
export async function registerViaApi(request: APIRequestContext, role: Role, password = 'secret123'): Promise<Account> {
  const phone = randomPhone();
  const username = uniqueName(role === 'teacher' ? 't' : 's');
  for (let attempt = 1; ; attempt++) {
    expect((await request.post('/api/phone-verify/', { data: { phone } })).status()).toBe(200);
    const code = await latestCode(request, phone, attempt);
    const res = await request.post('/api/register/', {
      data: { username, email: '', password, role, phone, code, meta: role === 'teacher' ? { bio: 'Teacher' } : {} },
    });
    if (res.status() === 400 && attempt < 3) continue;
    expect(res.status(), await res.text()).toBe(201);
    return { username, password, phone, role };
  }
}

/** signInViaApi stores a session in the browser's cookies, as a login with
 * keep-me-signed-in would. */
export async function signInViaApi(context: BrowserContext, request: APIRequestContext, a: Account): Promise<void> {
  const tok = await request.post('/api/token/', { data: { username: a.username, password: a.password, role: a.role } });
  expect(tok.status()).toBe(200);
  const { access } = (await tok.json()) as { access: string };
  const profile = await (await request.get('/api/profile/', { headers: { Authorization: `Bearer ${access}` } })).json();
  const url = new URL(tok.url());
  const expires = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
  const base = { domain: url.hostname, path: '/', sameSite: 'Lax' as const, expires };
  await context.addCookies([
    { name: 'zabano_token', value: access, ...base },
    { name: 'zabano_user', value: encodeURIComponent(JSON.stringify(profile)), ...base },
    { name: 'zabano_remember', value: '1', ...base },
  ]);
}

/** setPrefs stores the language and theme the way the app does, then reloads. */
export async function setPrefs(page: Page, lang: Lang, theme: Theme): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('zabano.lang', l);
      localStorage.setItem('zabano.theme', t);
    },
    [lang, theme],
  );
  await page.reload();
}

/** fillLogin signs in through the login screen at the given entrance. */
export async function loginUI(page: Page, a: { username: string; password: string }, entrance: Role, lang: Lang = 'fa') {
  const t = {
    fa: { student: 'زبان‌آموز', teacher: 'استاد', user: 'نام کاربری', pass: 'رمز عبور', submit: { student: 'ورود زبان‌آموز', teacher: 'ورود استاد' } },
    en: { student: 'Language learner', teacher: 'Teacher', user: 'Username', pass: 'Password', submit: { student: 'Log in as a learner', teacher: 'Log in as a teacher' } },
  }[lang];
  await page.getByRole('radio', { name: t[entrance], exact: true }).check({ force: true });
  await page.getByLabel(t.user, { exact: true }).fill(a.username);
  await page.getByLabel(t.pass, { exact: true }).fill(a.password);
  await page.getByRole('button', { name: t.submit[entrance] }).click();
}

/** expectAccessible fails on any serious or critical axe violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${what}`).toEqual([]);
}

/** lastTehranTime is the latest instant at or before `before` that falls on
 * `weekday` (0 Sunday ... 6 Saturday) at hh:mm in Tehran (UTC+03:30 all year
 * since 2022), so that a test can put the browser's clock on a chosen day and
 * hour without leaving the server's week. */
export function lastTehranTime(before: number, weekday: number, hh: number, mm: number): number {
  const offset = 210 * 60_000;
  const wall = new Date(before + offset);
  const back = (wall.getUTCDay() - weekday + 7) % 7;
  let at = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() - back, hh, mm) - offset;
  if (at > before) at -= 7 * 86_400_000;
  return at;
}
