import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { AdminWithdrawal } from '../api/types';
import { withdrawal } from '../testing';

beforeEach(() => {
  const admin = makeUser({ role: 'admin', username: 'ops' });
  server.use(http.get('*/api/profile/', () => HttpResponse.json(admin)));
  signIn(admin);
});

/** queue answers the withdrawals of each status from rows. */
function queue(rows: AdminWithdrawal[]) {
  server.use(
    http.get('*/api/admin/withdrawals/', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json(rows.filter((r) => r.status === status));
    }),
  );
}

describe('withdrawals queue', () => {
  it('lists the waiting ones with the teacher, amount, IBAN and waiting time, and pays one with the bank reference', async () => {
    await i18n.changeLanguage('en');
    const rows = [withdrawal(1)];
    const sent: unknown[] = [];
    queue(rows);
    server.use(
      http.post('*/api/admin/withdrawals/1/pay/', async ({ request }) => {
        const body = (await request.json()) as { reference: string };
        sent.push(body);
        rows[0] = { ...rows[0]!, status: 'paid', reference: body.reference, settled_at: '2026-11-21T10:00:00Z' };
        return HttpResponse.json(rows[0]);
      }),
    );
    const { user, router } = renderApp('/admin/withdrawals');
    const row = await screen.findByTestId('admin-withdrawal');
    expect(row).toHaveTextContent('150,000 Toman');
    expect(within(row).getByTestId('iban')).toHaveTextContent('IR06 2960 0000 0010 0324 2000 01');
    expect(within(row).getByText(/^\d+ (day|days|hour|hours)$/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /^Pay 150,000 Toman to/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByText("Enter the bank's reference.")).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText('Bank reference'), ' 1402-778899 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ reference: '1402-778899' }]);
    expect(await screen.findByText(/was recorded\.$/)).toBeInTheDocument();
    expect(await screen.findByText('No withdrawal is waiting.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    expect(router.state.location.search).toBe('?status=paid');
    const paid = await screen.findByTestId('admin-withdrawal');
    expect(paid).toHaveTextContent('1402-778899');
    expect(within(paid).queryByRole('button')).not.toBeInTheDocument();
  });

  it('rejects with a required reason and shows the server’s refusal', async () => {
    queue([withdrawal(2)]);
    let calls = 0;
    server.use(
      http.post('*/api/admin/withdrawals/2/reject/', () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ reason: ['دلیل کوتاه‌تر از حد است.'] }, { status: 400 })
          : HttpResponse.json({ detail: 'این برداشت پیش‌تر تسویه شده است.' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/admin/withdrawals');
    await user.click(await screen.findByRole('button', { name: /^رد برداشت/ }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText('دلیل');
    await user.click(within(dialog).getByRole('button', { name: 'رد' }));
    expect(await within(dialog).findByText('دلیل را بنویسید.')).toBeInTheDocument();
    await user.type(reason, 'شبا');
    await user.click(within(dialog).getByRole('button', { name: 'رد' }));
    expect(await within(dialog).findByText('دلیل کوتاه‌تر از حد است.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, ' نادرست است');
    await user.click(within(dialog).getByRole('button', { name: 'رد' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('این برداشت پیش‌تر تسویه شده است.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a rejected one with its reason', async () => {
    queue([withdrawal(3, { status: 'rejected', reason: 'شبا به نام کاربر نیست', settled_at: '2026-11-19T09:00:00Z' })]);
    renderApp('/admin/withdrawals?status=rejected');
    expect(await screen.findByRole('tab', { name: 'ردشده' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('admin-withdrawal')).toHaveTextContent('شبا به نام کاربر نیست');
  });
});
