import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { User } from '@/lib/auth/user';

type Member = User & { email_verified?: boolean };

function api(user: Member) {
  const b = { verifies: 0, resets: 0, url: 'http://localhost/api/calendar/first.ics', user };
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(b.user)),
    http.get('*/api/student/progress/', () => HttpResponse.json({ detail: 'not here' }, { status: 404 })),
    http.get('*/api/notifications/preferences/', () =>
      HttpResponse.json({ language: 'en', time_zone: 'Asia/Tehran', quiet_start: '22:00', quiet_end: '08:00', channels: {} }),
    ),
    http.get('*/api/calendar/', () => HttpResponse.json({ url: b.url })),
    http.post('*/api/calendar/reset/', () => {
      b.resets++;
      b.url = 'http://localhost/api/calendar/second.ics';
      return HttpResponse.json({ url: b.url });
    }),
    http.post('*/api/account/email/verify/', () => {
      b.verifies++;
      return b.verifies > 1
        ? HttpResponse.json({ detail: 'One link every few minutes; try again later.' }, { status: 429 })
        : HttpResponse.json({ detail: 'A link is on its way to sara@example.com.' }, { status: 202 });
    }),
  );
  signIn(user);
  return b;
}

beforeAll(async () => {
  await import('@/app/routes/app/area');
  await import('@/app/routes/app/settings');
  await import('@/app/routes/email-links');
}, 120_000);

describe('Settings: email and calendar', { timeout: 60_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the email is not verified and sends a link, showing the server’s answers', async () => {
    await i18n.changeLanguage('en');
    const b = api(makeUser({ email: 'sara@example.com', email_verified: false } as Member));
    const { user } = renderApp('/student/settings');
    const section = await screen.findByRole('region', { name: 'Email' });
    expect(within(section).getByText('sara@example.com')).toBeInTheDocument();
    expect(within(section).getByText('Not verified')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Send verification link' }));
    expect(await within(section).findByText('A link is on its way to sara@example.com.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Send verification link' }));
    expect(await within(section).findByText('One link every few minutes; try again later.')).toBeInTheDocument();
    expect(b.verifies).toBe(2);
  });

  it('shows a verified email without a button, and points to the profile without one', async () => {
    await i18n.changeLanguage('en');
    api(makeUser({ email: 'sara@example.com', email_verified: true } as Member));
    const a = renderApp('/student/settings');
    const section = await screen.findByRole('region', { name: 'Email' });
    expect(await within(section).findByText('Verified')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    a.unmount();
    api(makeUser({ email: '' }));
    renderApp('/student/settings');
    const none = await screen.findByRole('region', { name: 'Email' });
    expect(within(none).getByRole('link', { name: 'Add an email in your profile' })).toHaveAttribute('href', '/student/profile');
  });

  it('shows the calendar address, copies it, and makes a new one after a confirmation', async () => {
    await i18n.changeLanguage('en');
    const b = api(makeUser());
    const { user } = renderApp('/student/settings');
    const section = await screen.findByRole('region', { name: 'Calendar' });
    const field = await within(section).findByRole('textbox', { name: 'Your calendar address' });
    expect(field).toHaveValue('http://localhost/api/calendar/first.ics');
    await user.click(within(section).getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('http://localhost/api/calendar/first.ics');
    expect(await within(section).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Make a new address' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change your calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(field).toHaveValue('http://localhost/api/calendar/second.ics'));
    expect(b.resets).toBe(1);
    expect(await within(section).findByText('A new address is ready; the old one no longer works.')).toBeInTheDocument();
  });

  it('tells the server the language when the member switches it', async () => {
    await i18n.changeLanguage('en');
    const puts: unknown[] = [];
    api(makeUser());
    server.use(
      http.put('*/api/notifications/preferences/', async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/student/settings');
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ language: 'en', time_zone: expect.any(String) });
    await user.click(await screen.findByRole('button', { name: 'Switch language to Persian' }));
    await waitFor(() => expect(puts).toEqual([expect.anything(), { language: 'fa' }]));
  });
});

describe('pages of the email links', { timeout: 60_000 }, () => {
  it('confirms an email with the link’s token, signed out', async () => {
    await i18n.changeLanguage('en');
    const tokens: string[] = [];
    server.use(
      http.post('*/api/account/email/confirm/', async ({ request }) => {
        const { token } = (await request.json()) as { token: string };
        tokens.push(token);
        return token === 'good'
          ? HttpResponse.json({ email: 'sara@example.com', email_verified: true })
          : HttpResponse.json({ detail: 'This link has expired.' }, { status: 400 });
      }),
    );
    const a = renderApp('/verify-email?token=good');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is verified' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('sara@example.com');
    expect(screen.getByRole('link', { name: 'Log in to Zabano' })).toHaveAttribute('href', '/login');
    a.unmount();
    renderApp('/verify-email?token=old');
    expect(await screen.findByRole('heading', { level: 1, name: 'Could not verify your email' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired.');
    expect(tokens).toEqual(['good', 'old']);
  });

  it('unsubscribes from a kind of email, and refuses a tampered link', async () => {
    const tokens: string[] = [];
    server.use(
      http.post('*/api/notifications/unsubscribe/', async ({ request }) => {
        const { token } = (await request.json()) as { token: string };
        tokens.push(token);
        return token === 'good'
          ? HttpResponse.json({ kind: 'reminder_24h', channel: 'email' })
          : HttpResponse.json({ detail: 'پیوند لغو اشتراک نادرست است.' }, { status: 400 });
      }),
    );
    const a = renderApp('/unsubscribe?token=good');
    expect(await screen.findByRole('heading', { level: 1, name: 'اشتراک لغو شد' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('یادآوری ۲۴ ساعت پیش از کلاس');
    a.unmount();
    const b = renderApp('/unsubscribe?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('پیوند لغو اشتراک نادرست است.');
    b.unmount();
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('پیوند ناقص است');
    expect(tokens).toEqual(['good', 'bad']);
  });
});
