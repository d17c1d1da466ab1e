import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import Cookies from 'js-cookie';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { inOneHour, makeToken, makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import { SettingsScreen } from './settings-screen';

describe('SettingsScreen', () => {
  // The calendar section reads the member's address (settings-sections.test.tsx looks at it).
  beforeEach(() => {
    server.use(http.get('*/api/calendar/', () => HttpResponse.json({ url: 'http://localhost/api/calendar/tok.ics' })));
  });

  it('switches language and theme', async () => {
    const { user } = renderWithRouter(<SettingsScreen role="student" />, '/student/settings');
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem('zabano.theme')).toBe('light');
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
  });

  it("keeps a student's time zone in this browser, the device's by default", async () => {
    await i18n.changeLanguage('en');
    const { user } = renderWithRouter(<SettingsScreen role="student" />, '/student/settings');
    const select = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('');
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent(/^Device time zone — /);
    await user.selectOptions(select, 'Europe/Berlin');
    expect(localStorage.getItem('zabano.tz')).toBe('Europe/Berlin');
    expect(screen.getByText('Time zone saved.')).toBeInTheDocument();
    await user.selectOptions(select, '');
    expect(localStorage.getItem('zabano.tz')).toBeNull();
  });

  it("saves a teacher's time zone in their profile", async () => {
    await i18n.changeLanguage('en');
    let sent: FormData | undefined;
    server.use(
      http.get('*/api/teacher/profile/', () => HttpResponse.json({ timezone: 'Asia/Tehran' })),
      http.post('*/api/teacher/profile/', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ timezone: String(sent.get('timezone')) });
      }),
    );
    const { user } = renderWithRouter(<SettingsScreen role="teacher" />, '/teacher/settings');
    const select = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('Asia/Tehran');
    const save = screen.getByRole('button', { name: 'Save time zone' });
    expect(save).toBeDisabled();
    await user.selectOptions(select, 'Asia/Dubai');
    await user.click(save);
    await waitFor(() => expect(sent?.get('timezone')).toBe('Asia/Dubai'));
    expect(await screen.findByText('Time zone saved.')).toBeInTheDocument();
    expect(localStorage.getItem('zabano.tz')).toBe('Asia/Dubai');
  });

  it('changes the password and keeps the session on the new token', async () => {
    await i18n.changeLanguage('en');
    const fresh = makeToken({ sub: '1', exp: inOneHour() + 60 });
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(makeUser())),
      http.post('*/api/auth/change-password/', async ({ request }) => {
        const b = (await request.json()) as { current_password: string };
        bodies.push(b);
        if (b.current_password !== 'old-secret') {
          return HttpResponse.json(
            { detail: 'The current password is wrong.', current_password: ['The current password is wrong.'] },
            { status: 400 },
          );
        }
        return HttpResponse.json({ access: fresh, detail: 'Your password was changed.' });
      }),
    );
    signIn();
    const { user } = renderWithRouter(<SettingsScreen role="student" />, '/student/settings');
    const submit = await screen.findByRole('button', { name: 'Change password' });
    await user.click(submit);
    expect(await screen.findByText('Current password is required.')).toBeInTheDocument();
    expect(screen.getByText('New password is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(submit);
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(submit);
    expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument();
    expect(Cookies.get('zabano_token')).not.toBe(fresh);

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.click(submit);
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ current_password: 'old-secret', new_password: 'new-secret-1' });
    expect(Cookies.get('zabano_token')).toBe(fresh);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
