import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp } from '@/testing/test-utils';

describe('registration step 1', () => {
  it('checks the basics with the spec messages', async () => {
    await i18n.changeLanguage('en');
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'sara');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Confirm password'), '12346');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Choose a role: language learner or teacher.')).toBeInTheDocument();
  });

  it('carries username, email and password to the role page', async () => {
    await i18n.changeLanguage('en');
    const { user, router } = renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'sara');
    await user.type(screen.getByLabelText(/Email/), 'sara@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('radio', { name: /Teacher/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/teacher'));
    expect(await screen.findByRole('heading', { name: 'Sign up as a teacher' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('sara');
    expect(screen.getByLabelText(/Email/)).toHaveValue('sara@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');
    expect(screen.getByLabelText(/Bio/)).toBeInTheDocument();
  });
});

describe('registration role page', () => {
  it('asks for the phone and its verification', async () => {
    await i18n.changeLanguage('en');
    const { user } = renderApp('/register/student');
    await user.type(await screen.findByLabelText('Username'), 'sara');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile number'), '09121234567');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Phone verification is required')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match!')).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Bio/)).not.toBeInTheDocument();
  });

  it('sends a code, reveals the code field with a countdown, and registers', async () => {
    let sentPhone: unknown;
    let registered: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/phone-verify/', async ({ request }) => {
        sentPhone = ((await request.json()) as { phone: string }).phone;
        return HttpResponse.json({ detail: 'کد ارسال شد.', expires_in: 600 });
      }),
      http.post('*/api/register/', async ({ request }) => {
        registered = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeUser({ role: 'teacher' }), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/register/teacher', {
      state: { username: 'sara', email: '', password: 'secret1' },
    });
    expect(await screen.findByLabelText('نام کاربری')).toHaveValue('sara');
    await user.type(screen.getByLabelText('شماره موبایل'), '۰۹۱۲۱۲۳۴۵۶۷');
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    const codeInput = await screen.findByLabelText('کد تأیید');
    expect(sentPhone).toBe('09121234567');
    const resend = screen.getByRole('button', { name: /ارسال دوباره/ });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent(/[۱۲]:[۰-۵][۰-۹]/);
    await user.type(codeInput, '12ab3456');
    expect(codeInput).toHaveValue('123456');
    await user.type(screen.getByLabelText(/معرفی/), 'I teach English.');
    await user.click(screen.getByRole('button', { name: 'ثبت‌نام' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toContain('registration=success');
    expect(registered).toEqual({
      username: 'sara',
      email: '',
      password: 'secret1',
      role: 'teacher',
      phone: '09121234567',
      code: '123456',
      meta: { bio: 'I teach English.' },
    });
    expect(await screen.findByText(/ثبت‌نام با موفقیت انجام شد/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'استاد' })).toBeChecked();
  });

  it('puts server field errors next to their fields', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.post('*/api/phone-verify/', () => HttpResponse.json({ detail: 'sent', expires_in: 600 })),
      http.post('*/api/register/', () =>
        HttpResponse.json(
          {
            detail: 'A user with that username already exists. Wrong code.',
            username: ['A user with that username already exists.'],
            code: ['Wrong code.'],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/register/student', { state: { username: 'sara', password: 'secret1' } });
    await user.type(await screen.findByLabelText('Mobile number'), '09121234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('A user with that username already exists.')).toBeInTheDocument();
    expect(screen.getByText('Wrong code.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server message when sending the code fails', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.post('*/api/phone-verify/', () =>
        HttpResponse.json({ detail: 'Too many codes. Try again in 7 minutes.', retry_after: 420 }, { status: 429 }),
      ),
    );
    const { user } = renderApp('/register/student');
    await user.type(await screen.findByLabelText('Mobile number'), '09121234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many codes. Try again in 7 minutes.');
    const send = screen.getByRole('button', { name: /Send code/ });
    expect(send).toBeDisabled();
    expect(within(send).getByText(/7:00|6:59/)).toBeInTheDocument();
  });
});
