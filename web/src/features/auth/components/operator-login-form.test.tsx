import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { inOneHour, makeToken, makeUser, renderApp } from '@/testing/test-utils';
import { RESEND_SECONDS } from '../schemas';

/** mockOperator answers the operator's two sign-in steps and records each body. */
function mockOperator(opts: { role?: 'admin' | 'student'; goodCode?: string } = {}) {
  const seen: Array<Record<string, unknown>> = [];
  server.use(
    http.post('*/api/token/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.push(body);
      if (!body.code) return HttpResponse.json({ otp_required: true }, { status: 202 });
      if (body.code !== (opts.goodCode ?? '123456')) return HttpResponse.json({ code: ['کد واردشده درست نیست.'] }, { status: 400 });
      return HttpResponse.json({ access: makeToken({ role: opts.role ?? 'admin', exp: inOneHour() }) });
    }),
    http.get('*/api/profile/', () => HttpResponse.json(makeUser({ role: opts.role ?? 'admin', username: 'ops' }))),
    // The console's first screen, where the operator lands.
    http.get('*/api/admin/overview/', () => HttpResponse.json({ detail: 'not here' }, { status: 404 })),
  );
  return seen;
}

async function credentials(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('نام کاربری'), 'ops');
  await user.type(screen.getByLabelText('رمز عبور'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'ادامه' }));
}

describe('operator sign-in', () => {
  afterEach(() => vi.useRealTimers());

  it('is not offered on the ordinary login page', async () => {
    renderApp('/login');
    expect(await screen.findByRole('radio', { name: 'زبان‌آموز' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByText('ورود اپراتور')).not.toBeInTheDocument();
  });

  it('asks for the texted code, takes Persian digits, and lands on the console', async () => {
    const seen = mockOperator();
    const { user, router } = renderApp('/login?role=admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'ورود اپراتور' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await credentials(user);
    expect(await screen.findByText('کد ورود به موبایل شما پیامک شد.')).toBeInTheDocument();
    expect(seen[0]).toEqual({ username: 'ops', password: 'secret123', role: 'admin' });

    const code = screen.getByLabelText('کد تأیید');
    await user.type(code, '۱۲۳۴۵۶');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'تأیید کد و ورود' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/overview'));
    expect(seen[1]).toEqual({ username: 'ops', password: 'secret123', role: 'admin', code: '123456' });
    expect(document.cookie).toContain('zabano_token=');
  });

  it('shows a wrong code next to the field, and a short one before sending', async () => {
    const seen = mockOperator();
    const { user } = renderApp('/login?role=admin');
    await credentials(user);
    const code = await screen.findByLabelText('کد تأیید');
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'تأیید کد و ورود' }));
    expect(await screen.findByText('کد تأیید باید ۶ رقم باشد.')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'تأیید کد و ورود' }));
    expect(await screen.findByText('کد واردشده درست نیست.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(document.cookie).not.toContain('zabano_token=');
  });

  it('sends a new code by sending the credentials again once the countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await i18n.changeLanguage('en');
    const seen = mockOperator();
    const { user } = renderApp('/login?role=admin');
    await user.type(await screen.findByLabelText('Username'), 'ops');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const resend = await screen.findByRole('button', { name: /Resend code|Resend \(/ });
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime((RESEND_SECONDS + 1) * 1000));
    await waitFor(() => expect(resend).toBeEnabled());
    await user.click(resend);
    expect(await screen.findByText('A new code was texted to your phone.')).toBeInTheDocument();
    expect(seen).toEqual([
      { username: 'ops', password: 'secret123', role: 'admin' },
      { username: 'ops', password: 'secret123', role: 'admin' },
    ]);
  });

  it('refuses a token of another role', async () => {
    mockOperator({ role: 'student' });
    const { user } = renderApp('/login?role=admin');
    await credentials(user);
    await user.type(await screen.findByLabelText('کد تأیید'), '123456');
    await user.click(screen.getByRole('button', { name: 'تأیید کد و ورود' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('این ورود فقط برای اپراتورهاست.');
    expect(document.cookie).not.toContain('zabano_token=');
  });

  it('shows the server’s refusal of the password', async () => {
    server.use(http.post('*/api/token/', () => HttpResponse.json({ detail: 'ورود ناموفق بود.' }, { status: 401 })));
    const { user } = renderApp('/login?role=admin');
    await credentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('ورود ناموفق بود.');
    expect(screen.queryByLabelText('کد تأیید')).not.toBeInTheDocument();
  });
});
