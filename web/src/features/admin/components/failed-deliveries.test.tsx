import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { FailedDelivery } from '../api/types';
import { person } from '../testing';

beforeEach(() => {
  const admin = makeUser({ role: 'admin', username: 'ops' });
  server.use(http.get('*/api/profile/', () => HttpResponse.json(admin)));
  signIn(admin);
});

function delivery(id: number, over: Partial<FailedDelivery> = {}): FailedDelivery {
  return {
    id,
    channel: 'email',
    kind: 'reminder_24h',
    user: person(3, { name: 'Sara Ahmadi' }),
    attempts: 8,
    last_error: '421 4.7.0 Try again later',
    created_at: '2026-11-21T08:00:00Z',
    ...over,
  };
}

describe('failed deliveries', () => {
  it('lists what the worker gave up on: who, which kind by which channel, the tries and the last error', async () => {
    await i18n.changeLanguage('en');
    const statuses: string[] = [];
    server.use(
      http.get('*/api/admin/deliveries/', ({ request }) => {
        statuses.push(new URL(request.url).searchParams.get('status') ?? '');
        return HttpResponse.json({ results: [delivery(2), delivery(1, { channel: 'sms', kind: 'class_booked', last_error: '' })] });
      }),
    );
    renderApp('/admin/deliveries');
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed deliveries' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('admin-delivery');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Reminder 24 hours before a class')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Email')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('421 4.7.0 Try again later')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: /Sara Ahmadi/ })).toHaveAttribute('href', '/admin/users/3');
    expect(within(rows[1]!).getByText('New class booked')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('SMS')).toBeInTheDocument();
    expect(statuses).toEqual(['failed']);
    const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Failed deliveries' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when none failed, in Persian', async () => {
    server.use(http.get('*/api/admin/deliveries/', () => HttpResponse.json({ results: [] })));
    renderApp('/admin/deliveries');
    expect(await screen.findByText('ارسال ناموفقی نیست.')).toBeInTheDocument();
  });
});
