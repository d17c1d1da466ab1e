import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { NotificationPrefs, PrefsUpdate } from '../types';

function prefs(over: Partial<NotificationPrefs> = {}): NotificationPrefs {
  return {
    language: 'en',
    time_zone: 'Asia/Tehran',
    quiet_start: '22:00',
    quiet_end: '08:00',
    channels: {
      reminder_24h: { sms: true, email: true },
      reminder_1h: { sms: true, email: true },
      class_starting: { sms: true, email: true },
      class_cancelled: { sms: false, email: true },
      message_unread: { sms: false, email: true },
    },
    ...over,
  };
}

/** api keeps the member's preferences; a PUT changes the fields it names. */
function api(opts: { refuse?: (u: PrefsUpdate) => Response | null } = {}) {
  const b = { prefs: prefs(), puts: [] as PrefsUpdate[] };
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(makeUser({ email: 'sara@example.com' }))),
    http.get('*/api/student/progress/', () => HttpResponse.json({ detail: 'not here' }, { status: 404 })),
    http.get('*/api/calendar/', () => HttpResponse.json({ url: 'http://localhost/api/calendar/abc.ics' })),
    http.get('*/api/notifications/preferences/', () => HttpResponse.json(b.prefs)),
    http.put('*/api/notifications/preferences/', async ({ request }) => {
      const u = (await request.json()) as PrefsUpdate;
      b.puts.push(u);
      const refused = opts.refuse?.(u);
      if (refused) return refused;
      await delay(20);
      const channels = { ...b.prefs.channels };
      for (const [k, v] of Object.entries(u.channels ?? {})) {
        channels[k] = { ...(channels[k] ?? { sms: false, email: false }), ...v };
      }
      b.prefs = { ...b.prefs, ...u, channels };
      return HttpResponse.json(b.prefs);
    }),
  );
  return b;
}

beforeAll(async () => {
  await import('@/app/routes/app/area');
  await import('@/app/routes/app/settings');
}, 120_000);

describe('notification settings', { timeout: 60_000 }, () => {
  it("switch each kind's SMS and email, saving each at once", async () => {
    await i18n.changeLanguage('en');
    const b = api();
    signIn();
    const { user } = renderApp('/student/settings');
    const table = await screen.findByRole('table', { name: 'Notifications by SMS and email' });
    // A student is not offered the teacher's kinds.
    expect(within(table).queryByRole('rowheader', { name: 'New class booked' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Reminders' })).toBeInTheDocument();
    const sms = within(table).getByRole('switch', { name: 'SMS: Reminder 1 hour before a class' });
    expect(sms).toBeChecked();
    expect(within(table).getByRole('switch', { name: 'SMS: Class done' })).not.toBeChecked();

    // The language and zone go first, when the area opens.
    await waitFor(() => expect(b.puts[0]).toEqual({ language: 'en', time_zone: expect.any(String) }));
    const before = b.puts.length;
    await user.click(sms);
    expect(sms).not.toBeChecked();
    await waitFor(() => expect(b.puts).toHaveLength(before + 1));
    // Only the switch's kind and channel go: the server keeps the rest.
    expect(b.puts.at(-1)).toEqual({ channels: { reminder_1h: { sms: false } } });

    // Two quick switches both stay.
    await user.click(within(table).getByRole('switch', { name: 'Email: Class cancelled' }));
    await user.click(within(table).getByRole('switch', { name: 'SMS: Class cancelled' }));
    await waitFor(() => expect(b.prefs.channels.class_cancelled).toEqual({ sms: true, email: false }));
    expect(within(table).getByRole('switch', { name: 'SMS: Class cancelled' })).toBeChecked();
    expect(within(table).getByRole('switch', { name: 'Email: Class cancelled' })).not.toBeChecked();
  });

  it('puts a switch back and says so when the server refuses', async () => {
    await i18n.changeLanguage('en');
    api({ refuse: (u) => (u.channels ? HttpResponse.json({ detail: 'Try again later.' }, { status: 503 }) : null) });
    signIn();
    const { user } = renderApp('/student/settings');
    const sms = await screen.findByRole('switch', { name: 'SMS: Reminder 24 hours before a class' });
    await user.click(sms);
    expect(await screen.findByText('Try again later.')).toBeInTheDocument();
    await waitFor(() => expect(sms).toBeChecked());
  });

  it('saves quiet hours, with Persian digits, and shows a field error', async () => {
    const b = api({
      refuse: (u) => (u.quiet_end === '23:00' ? HttpResponse.json({ quiet_end: ['ساعت پایان نادرست است.'] }, { status: 400 }) : null),
    });
    signIn();
    const { user } = renderApp('/student/settings');
    const start = await screen.findByRole('combobox', { name: 'از ساعت' });
    const end = screen.getByRole('combobox', { name: 'تا ساعت' });
    expect(start).toHaveValue('22:00');
    expect(within(start).getByRole('option', { name: '۲۲:۰۰' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'ذخیرهٔ ساعت‌های سکوت' });
    expect(save).toBeDisabled();
    await user.selectOptions(start, '23:30');
    await user.selectOptions(end, '07:00');
    await user.click(save);
    expect(await screen.findByText('ساعت‌های سکوت ذخیره شد.')).toBeInTheDocument();
    expect(b.puts.at(-1)).toEqual({ quiet_start: '23:30', quiet_end: '07:00' });

    await user.selectOptions(end, '23:00');
    await user.click(save);
    expect(await screen.findByText('ساعت پایان نادرست است.')).toBeInTheDocument();
  });
});
