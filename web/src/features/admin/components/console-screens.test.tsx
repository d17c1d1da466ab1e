// The console's smaller screens: payments, reviews, commission, audit and the log.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { AdminPayment, AdminReview, LogEntry } from '../api/types';
import { LOG_PAGE } from '../api/log';
import { person } from '../testing';

beforeEach(() => {
  const admin = makeUser({ role: 'admin', username: 'ops' });
  server.use(http.get('*/api/profile/', () => HttpResponse.json(admin)));
  signIn(admin);
});

function payment(authority: string, over: Partial<AdminPayment> = {}): AdminPayment {
  return { authority, user: person(3), amount: 50000, status: 'pending', created_at: '2026-11-21T08:00:00Z', ref_id: null, ...over };
}

describe('payments', () => {
  it('asks the gateway again about a stuck payment and says whether it was credited', async () => {
    await i18n.changeLanguage('en');
    let rows = [payment('S0001'), payment('S0002', { status: 'expired' })];
    server.use(
      http.get('*/api/admin/payments/', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        return HttpResponse.json(rows.filter((r) => r.status === status));
      }),
      http.post('*/api/admin/payments/S0001/reverify/', () => {
        rows = rows.map((r) => (r.authority === 'S0001' ? { ...r, status: 'paid', ref_id: 778899 } : r));
        return HttpResponse.json(rows[0]);
      }),
      http.post('*/api/admin/payments/S0002/reverify/', () => HttpResponse.json({ detail: 'This payment was credited already.' }, { status: 409 })),
    );
    const { user } = renderApp('/admin/payments');
    await user.click(await screen.findByRole('button', { name: /Ask the gateway again about 50,000 Toman \(S0001\)/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ask the gateway again' }));
    expect(await screen.findByText('The gateway confirmed it: 50,000 Toman was credited to the wallet.')).toBeInTheDocument();
    expect(await screen.findByText('No payment is waiting.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Expired' }));
    await user.click(await screen.findByRole('button', { name: /\(S0002\)/ }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Ask the gateway again' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('This payment was credited already.');

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(screen.getByTestId('admin-payment')).toHaveTextContent('778899'));
    expect(within(screen.getByTestId('admin-payment')).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('reviews', () => {
  it('hides a review with a reason, of one teacher when asked', async () => {
    const review: AdminReview = {
      id: 8, teacher: person(2, { role: 'teacher', name: 'رضا' }), student: person(3, { name: 'سارا' }), rating: 1,
      comment: 'Spam link http://x', reply: null, created_at: '2026-11-20T08:00:00Z', hidden: false, hidden_reason: '',
    };
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/reviews/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([review]);
      }),
      http.post('*/api/admin/reviews/8/hide/', async ({ request }) => {
        const { reason } = (await request.json()) as { reason: string };
        Object.assign(review, { hidden: true, hidden_reason: reason });
        return HttpResponse.json(review);
      }),
    );
    const { user } = renderApp('/admin/reviews?teacher=2');
    const row = await screen.findByTestId('admin-review');
    expect(asked[0]).toBe('?teacher_id=2');
    expect(within(row).getByLabelText('امتیاز ۱ از ۵')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'پنهان کردن' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('دلیل'), 'تبلیغ');
    await user.click(within(dialog).getByRole('button', { name: 'پنهان کردن' }));
    expect(await screen.findByText('نظر پنهان شد.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('admin-review')).toHaveTextContent('پنهان'));
    expect(screen.getByTestId('admin-review')).toHaveTextContent('تبلیغ');
  });
});

describe('commission', () => {
  it('takes a whole percent up to 50, in either digits', async () => {
    let percent = 0;
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/admin/commission/', () => HttpResponse.json({ percent })),
      http.put('*/api/admin/commission/', async ({ request }) => {
        const body = (await request.json()) as { percent: number };
        puts.push(body);
        percent = body.percent;
        return HttpResponse.json({ percent });
      }),
    );
    const { user } = renderApp('/admin/commission');
    const field = await screen.findByLabelText('کارمزد (درصد)');
    expect(field).toHaveValue('۰');
    await user.clear(field);
    await user.type(field, '60');
    await user.click(screen.getByRole('button', { name: 'ذخیرهٔ کارمزد' }));
    expect(await screen.findByText('عدد صحیحی از ۰ تا ۵۰ وارد کنید.')).toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.clear(field);
    await user.type(field, '۱۰');
    await user.click(screen.getByRole('button', { name: 'ذخیرهٔ کارمزد' }));
    expect(await screen.findByText('کارمزد ۱۰٪ شد.')).toBeInTheDocument();
    expect(puts).toEqual([{ percent: 10 }]);
  });
});

describe('audit', () => {
  it('shows the findings and runs again', async () => {
    let runs = 0;
    server.use(
      http.get('*/api/admin/audit/', () => {
        runs++;
        return HttpResponse.json(
          runs === 1
            ? { ok: false, checked_at: '2026-11-21T09:00:00Z', findings: [{ check: 'ledger', message: 'تراکنش ۴ جمع صفر ندارد.' }] }
            : { ok: true, checked_at: '2026-11-21T09:05:00Z', findings: [] },
        );
      }),
    );
    const { user } = renderApp('/admin/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('۱ اشکال');
    expect(screen.getByTestId('audit-finding')).toHaveTextContent('ledger');
    await user.click(screen.getByRole('button', { name: 'اجرای دوباره' }));
    expect(await screen.findByText('حسابرسی اشکالی نیافت.')).toBeInTheDocument();
    expect(runs).toBe(2);
  });
});

describe('operator log', () => {
  it('names each action and reads older pages before the last id', async () => {
    await i18n.changeLanguage('en');
    const entry = (id: number): LogEntry => ({
      id, admin: person(1, { role: 'admin', name: 'Ops One' }), // An action this app does not know yet is shown by its code.
      action: id % 2 ? 'withdrawal.pay' : ('something.new' as LogEntry['action']),
      object_type: 'withdrawal', object_id: id, reason: id === 300 ? 'Paid by transfer 77' : '', created_at: '2026-11-21T09:00:00Z',
    });
    const befores: Array<string | null> = [];
    server.use(
      http.get('*/api/admin/log/', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        befores.push(before);
        const top = before ? Number(before) - 1 : 300;
        const n = before ? 3 : LOG_PAGE;
        return HttpResponse.json(Array.from({ length: n }, (_, i) => entry(top - i)));
      }),
    );
    const { user } = renderApp('/admin/log');
    const rows = await screen.findAllByTestId('log-entry');
    expect(rows).toHaveLength(LOG_PAGE);
    expect(rows[0]).toHaveTextContent('something.new');
    expect(rows[0]).toHaveTextContent('on withdrawal #300');
    expect(rows[0]).toHaveTextContent('Paid by transfer 77');
    expect(rows[1]).toHaveTextContent('Paid a withdrawal');
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(screen.getAllByTestId('log-entry')).toHaveLength(LOG_PAGE + 3));
    expect(befores).toEqual([null, '101']);
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();
  });
});
