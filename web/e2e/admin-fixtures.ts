// Set-up of the operator's journeys (issue 14). They run against the run's
// second server, which reviews new teachers before listing them
// (ZABANO_TEACHER_REVIEW=on, playwright.config.ts): specs call
// test.use(onReviewServer). Operators are made with the command line, as
// people make them, in that server's database.
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { latestCode, randomPhone, uniqueName } from './helpers';

/** onReviewServer points a spec's pages and requests at the reviewing server. */
export const onReviewServer = { baseURL: process.env.ZABANO_E2E_REVIEW_URL };

export type Operator = { username: string; password: string; phone: string };

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** createOperator runs `zabano admin create` (the password on standard input). */
export function createOperator(): Operator {
  const op = { username: uniqueName('op'), password: 'operator-secret-1', phone: randomPhone() };
  execFileSync(process.env.ZABANO_BIN ?? '../bin/zabano', ['admin', 'create', '-username', op.username, '-phone', op.phone], {
    input: `${op.password}\n`,
    env: { ...process.env, ZABANO_ENV: 'dev', ZABANO_DATA_DIR: process.env.ZABANO_E2E_REVIEW_DATA_DIR },
  });
  return op;
}

/** smsCount is how many codes the dev outbox holds for phone. */
export async function smsCount(request: APIRequestContext, phone: string): Promise<number> {
  const list = (await (await request.get(`/api/dev/sms-outbox/?phone=${phone}`)).json()) as Array<{ code: string }>;
  return list.filter((m) => m.code !== '').length;
}

/** operatorToken signs an operator in through the API, code and all. A code
 * lives 10 minutes of the server's clock, which journeys running alongside
 * move forward by hours: a code refused as expired is asked for again (the
 * same jump also ends the 10-minute window of 3 codes a phone). */
export async function operatorToken(request: APIRequestContext, op: Operator): Promise<string> {
  const body = { username: op.username, password: op.password, role: 'admin' };
  for (let attempt = 1; ; attempt++) {
    const before = await smsCount(request, op.phone);
    const first = await request.post('/api/token/', { data: body });
    expect(first.status(), await first.text()).toBe(202);
    const code = await latestCode(request, op.phone, before + 1);
    const res = await request.post('/api/token/', { data: { ...body, code } });
    if (res.status() === 400 && attempt < 3) continue;
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { access: string }).access;
  }
}

/** openAsOperator opens a browser context with an operator's session in its cookies. */
export async function openAsOperator(
  browser: Browser,
  request: APIRequestContext,
  op: Operator,
  width = 1280,
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const token = await operatorToken(request, op);
  const profile = await (await request.get('/api/profile/', { headers: bearer(token) })).json();
  const base = process.env.ZABANO_E2E_REVIEW_URL!;
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: width < 600 ? 844 : 900 } });
  const cookie = { domain: new URL(base).hostname, path: '/', sameSite: 'Lax' as const, expires: Math.floor(Date.now() / 1000) + 12 * 3600 };
  await context.addCookies([
    { name: 'zabano_token', value: token, ...cookie },
    { name: 'zabano_user', value: encodeURIComponent(JSON.stringify(profile)), ...cookie },
    { name: 'zabano_remember', value: '1', ...cookie },
  ]);
  return { context, page: await context.newPage(), token };
}

/** approveTeacher lists a teacher through the API, as an operator. */
export async function approveTeacher(request: APIRequestContext, operatorToken: string, teacherId: number): Promise<void> {
  const res = await request.post(`/api/admin/teachers/${teacherId}/approve/`, { headers: bearer(operatorToken) });
  expect(res.status(), await res.text()).toBe(200);
}
