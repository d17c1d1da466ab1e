import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import { overview } from '../testing';

beforeEach(() => {
  const admin = makeUser({ role: 'admin', username: 'ops' });
  server.use(http.get('*/api/profile/', () => HttpResponse.json(admin)));
  signIn(admin);
});

describe('console overview', () => {
  it('shows the figures the server counts, in Persian digits, and what waits', async () => {
    server.use(http.get('*/api/admin/overview/', () => HttpResponse.json(overview())));
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'آمار بازار' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(row('زبان‌آموزان تازه')).toHaveTextContent('زبان‌آموزان تازه۲۴۰');
    expect(row('افزایش موجودی')).toHaveTextContent('۲٬۰۰۰ تومان');
    expect(row('افزایش موجودی')).toHaveTextContent('۴۰٬۰۰۰ تومان');
    const waiting = screen.getByRole('list', { name: 'منتظر اپراتور' });
    const withdrawals = within(waiting).getByRole('link', { name: /برداشت‌های در انتظار/ });
    expect(withdrawals).toHaveAttribute('href', '/admin/withdrawals');
    expect(withdrawals).toHaveTextContent('۳');
    expect(withdrawals).toHaveTextContent('۴۵۰٬۰۰۰ تومان');
    expect(within(waiting).getByRole('link', { name: /استادان در انتظار بررسی/ })).toHaveTextContent('۲');
    expect(within(waiting).getByRole('link', { name: /حسابرسی دفتر کل/ })).toHaveTextContent('بی‌اشکال');
  });

  it('tells an audit with findings, in English', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.get('*/api/admin/overview/', () =>
        HttpResponse.json(overview({ audit: { ok: false, checked_at: '2026-11-21T09:00:00Z', findings: [{ check: 'ledger', message: 'tx 4 sums to 10' }] } })),
      ),
    );
    renderApp('/admin/overview');
    expect(await screen.findByRole('link', { name: /Ledger audit/ })).toHaveTextContent('1 finding');
  });

  it('offers a retry when the figures do not come', async () => {
    server.use(http.get('*/api/admin/overview/', () => HttpResponse.json({ detail: 'خطای سرور' }, { status: 500 })));
    renderApp('/admin/overview');
    expect(await screen.findByRole('alert')).toHaveTextContent('خطای سرور');
    expect(screen.getByRole('button', { name: 'تلاش دوباره' })).toBeInTheDocument();
  });
});
