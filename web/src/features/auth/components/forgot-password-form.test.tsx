import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { renderApp } from '@/testing/test-utils';

describe('forgot password', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.useRealTimers());

  function setup() {
    const sent: string[] = [];
    const resets: Array<Record<string, unknown>> = [];
    server.use(
      http.post('*/api/phone-verify/', async ({ request }) => {
        sent.push(((await request.json()) as { phone: string }).phone);
        return HttpResponse.json({ detail: 'Verification code sent.', expires_in: 600 });
      }),
      http.post('*/api/auth/reset-password/', async ({ request }) => {
        resets.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ detail: 'Your password has been changed.' });
      }),
    );
    const r = renderApp('/forgot-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    return { ...r, user, sent, resets };
  }

  it('needs a phone before sending', async () => {
    const { user, sent } = setup();
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('walks both steps: hint, enabling, resend countdown, and back to login after 2 s', async () => {
    const { user, sent, resets, router } = setup();
    await user.type(await screen.findByLabelText('Mobile number'), '09121234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByLabelText('Verification code');
    expect(sent).toEqual(['09121234567']);
    expect(screen.getByText('A verification code was sent to your mobile.')).toBeInTheDocument();

    const submit = screen.getByRole('button', { name: 'Change password' });
    const hint = screen.getByTestId('password-hint');
    expect(submit).toBeDisabled();

    await user.type(code, '12x34');
    expect(code).toHaveValue('1234');
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(hint).toHaveTextContent('The password must be at least 8 characters.');
    await user.type(screen.getByLabelText('New password'), 'butlong');
    await user.type(screen.getByLabelText('Confirm new password'), 'shortbutlonX');
    expect(hint).toHaveTextContent('The passwords do not match.');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'shortbutlong');
    expect(hint).toHaveTextContent('The passwords match.');
    expect(submit).toBeDisabled(); // the code has 4 digits
    await user.type(code, '567');
    expect(code).toHaveValue('123456');
    expect(submit).toBeEnabled();

    const resend = screen.getByRole('button', { name: /Resend/ });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('Resend (2:00)');
    act(() => vi.advanceTimersByTime(61_000));
    expect(resend).toHaveTextContent('Resend (0:59)');
    act(() => vi.advanceTimersByTime(60_000));
    expect(resend).toBeEnabled();
    expect(resend).toHaveTextContent('Resend code');
    await user.click(resend);
    expect(await screen.findByText('A new code was sent.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);

    await user.click(submit);
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(resets).toEqual([{ phone: '09121234567', code: '123456', new_password: 'shortbutlong' }]);
    expect(router.state.location.pathname).toBe('/forgot-password');
    act(() => vi.advanceTimersByTime(2000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('goes back to step 1 with cleared fields', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Mobile number'), '09121234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'longpassword');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Mobile number')).toHaveValue('');
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('shows the server message of a failed change', async () => {
    const { user } = setup();
    server.use(
      http.post('*/api/auth/reset-password/', () =>
        HttpResponse.json({ detail: 'The code is wrong or expired.', code: ['The code is wrong or expired.'] }, { status: 400 }),
      ),
    );
    await user.type(await screen.findByLabelText('Mobile number'), '09121234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'longpassword');
    await user.type(screen.getByLabelText('Confirm new password'), 'longpassword');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The code is wrong or expired.')).toBeInTheDocument();
  });
});
