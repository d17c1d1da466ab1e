import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { UserDetail } from '../api/types';
import { adminUser, person } from '../testing';

beforeEach(() => {
  const admin = makeUser({ role: 'admin', username: 'ops' });
  server.use(http.get('*/api/profile/', () => HttpResponse.json(admin)));
  signIn(admin);
});

function detail(over: Partial<UserDetail> = {}): UserDetail {
  const teacher = adminUser(5, { role: 'teacher', name: 'Reza Karimi', username: 'reza', phone: '09121112233' });
  return {
    user: teacher,
    balance: 120000,
    bookings: [
      { id: 1, start: '2026-11-20T10:00:00Z', end: '2026-11-20T11:00:00Z', status: 'done', price: 30000, teacher, student: person(6, { name: 'سارا' }) },
    ],
    payments: [],
    transactions: [
      { id: 9, type: 'class_payment', transaction_type: 'class_payment', amount: 30000, date: '2026-11-20T11:00:00Z', created_at: '2026-11-20T11:00:00Z', status: 'completed', description: 'class #1' },
    ],
    chats: [{ id: 3, with: person(6, { name: 'سارا' }), messages: 12, last_message_at: '2026-11-20T12:00:00Z' }],
    teacher: { review_status: 'approved', review_reason: '' },
    ...over,
  };
}

describe('a user in the console', () => {
  it('is found by a search kept in the address and opened', async () => {
    await i18n.changeLanguage('en');
    const searched: string[] = [];
    server.use(
      http.get('*/api/admin/users/', ({ request }) => {
        searched.push(new URL(request.url).search);
        return HttpResponse.json([adminUser(5, { role: 'teacher', name: 'Reza Karimi', username: 'reza', suspended_at: '2026-11-01T00:00:00Z' })]);
      }),
      http.get('*/api/admin/users/5/', () => HttpResponse.json(detail())),
    );
    const { user, router } = renderApp('/admin/users');
    await user.type(await screen.findByLabelText('Name, username or phone'), '۰۹۱۲');
    await user.selectOptions(screen.getByLabelText('Role'), 'teacher');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%DB%B0%DB%B9%DB%B1%DB%B2&role=teacher'));
    await waitFor(() => expect(searched.at(-1)).toBe('?q=%DB%B0%DB%B9%DB%B1%DB%B2&role=teacher'));
    const row = await screen.findByTestId('user-row');
    expect(row).toHaveTextContent('Suspended');
    await user.click(within(row).getByRole('link', { name: /Reza Karimi/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Reza Karimi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users/5');
    expect(screen.getByTestId('user-balance')).toHaveTextContent('120,000 Toman');
    expect(screen.getByRole('region', { name: 'Classes (1)' })).toHaveTextContent('Done');
    expect(screen.getByRole('region', { name: 'Wallet transactions' })).toHaveTextContent('+30,000 Toman');
    const chats = screen.getByRole('region', { name: 'Chats' });
    expect(chats).toHaveTextContent('12 messages');
    expect(screen.getByRole('link', { name: "This teacher's reviews" })).toHaveAttribute('href', '/admin/reviews?teacher=5');
  });

  it('is suspended with a required reason, and the suspension lifted', async () => {
    let current = detail();
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/admin/users/5/', () => HttpResponse.json(current)),
      http.post('*/api/admin/users/5/suspend/', async ({ request }) => {
        bodies.push(await request.json());
        current = { ...current, user: { ...current.user, suspended_at: '2026-11-21T10:00:00Z', suspended_reason: 'پیام‌های توهین‌آمیز' } };
        return HttpResponse.json(current.user);
      }),
      http.post('*/api/admin/users/5/unsuspend/', () => {
        current = { ...current, user: { ...current.user, suspended_at: null, suspended_reason: '' } };
        return HttpResponse.json(current.user);
      }),
    );
    const { user } = renderApp('/admin/users/5');
    await user.click(await screen.findByRole('button', { name: 'تعلیق حساب' }));
    const dialog = await screen.findByRole('dialog', { name: /تعلیق حساب/ });
    expect(dialog).toHaveTextContent('کلاس‌های آینده‌اش لغو');
    await user.click(within(dialog).getByRole('button', { name: 'تعلیق حساب' }));
    expect(await within(dialog).findByText('دلیل را بنویسید.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('دلیل'), 'پیام‌های توهین‌آمیز');
    await user.click(within(dialog).getByRole('button', { name: 'تعلیق حساب' }));
    expect(await screen.findByText('حساب تعلیق شد.')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'پیام‌های توهین‌آمیز' }]);
    expect(await screen.findByText('دلیل: پیام‌های توهین‌آمیز')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'رفع تعلیق' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'رفع تعلیق' }));
    expect(await screen.findByText('تعلیق برداشته شد.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'تعلیق حساب' })).toBeInTheDocument();
  });

  it('has a wallet adjustment refused below zero, then debited', async () => {
    await i18n.changeLanguage('en');
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/admin/users/5/', () => HttpResponse.json(detail())),
      http.post('*/api/admin/adjustments/', async ({ request }) => {
        const body = (await request.json()) as { amount: number };
        bodies.push(body);
        if (body.amount < -120000) return HttpResponse.json({ detail: 'The wallet cannot go below zero.' }, { status: 409 });
        return HttpResponse.json({ transaction_id: 40, user: person(5), amount: body.amount, balance: 120000 + body.amount }, { status: 201 });
      }),
    );
    const { user } = renderApp('/admin/users/5');
    await user.click(await screen.findByRole('button', { name: 'Adjust wallet' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/^Debit/));
    await user.type(within(dialog).getByLabelText('Amount (Toman)'), '۲۰۰٬۰۰۰');
    await user.type(within(dialog).getByLabelText('Reason'), 'Correction of a double top-up');
    await user.click(within(dialog).getByRole('button', { name: 'Debit 200,000 Toman' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The wallet cannot go below zero.');
    const amount = within(dialog).getByLabelText('Amount (Toman)');
    await user.clear(amount);
    await user.type(amount, '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Debit 20,000 Toman' }));
    expect(await screen.findByRole('status')).toHaveTextContent('-20,000 Toman recorded. New balance: 100,000 Toman');
    expect(bodies).toEqual([
      { user_id: 5, amount: -200000, reason: 'Correction of a double top-up' },
      { user_id: 5, amount: -20000, reason: 'Correction of a double top-up' },
    ]);
  });

  it('offers no action on an operator', async () => {
    server.use(http.get('*/api/admin/users/5/', () => HttpResponse.json(detail({ user: adminUser(5, { role: 'admin' }), teacher: null }))));
    renderApp('/admin/users/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'User 5' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تعلیق حساب' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'اصلاح موجودی' })).not.toBeInTheDocument();
  });
});
