import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';

const IBAN = 'IR062960000000100324200001';
const teacher = makeUser({ id: 9, role: 'teacher', username: 'reza' });

const tx = (id: number, type: string, amount: number, status = 'completed', description = '') => ({
  id,
  type,
  transaction_type: type,
  amount,
  date: '2026-11-20T08:00:00Z',
  created_at: '2026-11-20T08:00:00Z',
  status,
  description,
});

function setup() {
  let balance = 60000;
  let pending = 0;
  const withdrawals: Array<Record<string, unknown>> = [];
  const posted: Array<Record<string, unknown>> = [];
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(teacher)),
    http.get('*/api/teacher/wallet/summary/', () =>
      HttpResponse.json({ balance, total_classes: 3, this_month_earnings: 40000, pending_withdrawals: pending, total_earnings: 90000 }),
    ),
    http.get('*/api/teacher/wallet/transactions/', () =>
      HttpResponse.json([
        tx(4, 'withdrawal', -30000, 'paid', IBAN),
        tx(3, 'bonus', 10000),
        tx(2, 'class_payment', 50000, 'completed', 'class #12'),
        tx(1, 'other', -5000),
      ]),
    ),
    http.get('*/api/teacher/wallet/withdrawals/', () => HttpResponse.json(withdrawals)),
    http.post('*/api/teacher/wallet/withdrawals/', async ({ request }) => {
      const body = (await request.json()) as { amount: number; iban: string };
      posted.push(body);
      if (body.iban.replace(/\s/g, '') !== IBAN) {
        return HttpResponse.json(
          { iban: ['Enter a valid Sheba number: IR followed by 24 digits.'], detail: 'Enter a valid Sheba number: IR followed by 24 digits.' },
          { status: 400 },
        );
      }
      if (body.amount > balance) return HttpResponse.json({ detail: 'Insufficient balance.' }, { status: 409 });
      balance -= body.amount;
      pending += body.amount;
      const w = { id: 1, amount: body.amount, iban: IBAN, status: 'pending', created_at: '2026-11-21T09:00:00Z', settled_at: null };
      withdrawals.unshift(w);
      return HttpResponse.json(w, { status: 201 });
    }),
  );
  signIn(teacher);
  return { ...renderApp('/teacher/wallet'), posted };
}

// User-event typing through the whole app is slow on a busy machine.
const SLOW = 60_000;

describe('teacher wallet', () => {
  beforeAll(async () => {
    await Promise.all([import('@/app/routes/teacher-wallet'), import('@/app/routes/app/area')]);
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the balance, the figures and the transactions with sign, colour and type', async () => {
    setup();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('60,000 Toman');
    const stat = (name: string) => screen.getByText(name).closest('div')!;
    expect(stat('Total classes')).toHaveTextContent('3');
    expect(stat("This month's earnings")).toHaveTextContent('40,000 Toman');
    expect(stat('Pending withdrawals')).toHaveTextContent('0 Toman');
    expect(stat('Total earnings')).toHaveTextContent('90,000 Toman');

    const rows = await screen.findAllByTestId('transaction');
    expect(rows.map((r) => within(r).getByTestId('transaction-amount').textContent)).toEqual([
      '-30,000 Toman',
      '+10,000 Toman',
      '+50,000 Toman',
      '-5,000 Toman',
    ]);
    expect(rows[0]).toHaveTextContent('Withdrawal');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('To IR06 2960 0000 0010 0324 2000 01');
    expect(rows[1]).toHaveTextContent('Bonus');
    expect(rows[2]).toHaveTextContent('Class payment');
    expect(rows[2]).toHaveTextContent('Class #12');
    expect(rows[3]).toHaveTextContent('Other');
    expect(within(rows[1]!).getByTestId('transaction-amount')).toHaveClass('text-success');
    expect(within(rows[3]!).getByTestId('transaction-amount')).toHaveClass('text-danger');
    // One icon per type.
    expect(rows[0]!.querySelector('svg')).toHaveClass('lucide-landmark');
    expect(rows[1]!.querySelector('svg')).toHaveClass('lucide-gift');
    expect(rows[2]!.querySelector('svg')).toHaveClass('lucide-graduation-cap');
    expect(rows[3]!.querySelector('svg')).toHaveClass('lucide-circle-dollar-sign');
    expect(screen.getByText('You have not requested a withdrawal yet.')).toBeInTheDocument();
  }, SLOW);

  it("checks the form, shows the server's messages, then lists the pending withdrawal", async () => {
    const { user, posted } = setup();
    const form = (await screen.findByRole('heading', { name: 'Request a withdrawal' })).closest('section')!;
    const submit = within(form).getByRole('button', { name: 'Request withdrawal' });
    await user.click(submit);
    expect(await within(form).findByText('amount is required')).toBeInTheDocument();
    expect(within(form).getByText('Sheba number (IBAN) is required.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Amount (Toman)'), '5000');
    await user.click(submit);
    expect(await within(form).findByText('The minimum withdrawal is 10,000 Toman.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(within(form).getByLabelText('Amount (Toman)'));
    await user.type(within(form).getByLabelText('Amount (Toman)'), '90000');
    await user.type(within(form).getByLabelText('Sheba number (IBAN)'), 'IR06 2960 0000 0010 0324 2000 02');
    await user.click(submit);
    expect(await within(form).findByText('Enter a valid Sheba number: IR followed by 24 digits.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Sheba number (IBAN)')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('Sheba number (IBAN)'));
    await user.type(within(form).getByLabelText('Sheba number (IBAN)'), IBAN);
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Insufficient balance.');

    await user.click(within(form).getByRole('button', { name: 'All of it' }));
    expect(within(form).getByLabelText('Amount (Toman)')).toHaveValue('60000');
    await user.click(submit);
    expect(await within(form).findByText('Your withdrawal of 60,000 Toman is requested and pending.')).toBeInTheDocument();
    expect(posted.at(-1)).toEqual({ amount: 60000, iban: IBAN });
    const item = await screen.findByTestId('withdrawal');
    expect(item).toHaveTextContent('60,000 Toman');
    expect(item).toHaveTextContent('Pending');
    expect(item).toHaveTextContent('IR06 2960 0000 0010 0324 2000 01');
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('0 Toman'));
    expect(screen.getByText('Pending withdrawals').closest('div')).toHaveTextContent('60,000 Toman');
  }, SLOW);

  it('reports a failed summary with a retry while the rest still shows', async () => {
    setup();
    server.use(http.get('*/api/teacher/wallet/summary/', () => HttpResponse.json({ detail: 'Summary is down' }, { status: 500 })));
    expect(await screen.findByText('Summary is down', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(await screen.findAllByTestId('transaction')).toHaveLength(4);
  }, SLOW);

  it('shows the bank reference of a paid withdrawal and the reason of a rejected one', async () => {
    setup();
    server.use(
      http.get('*/api/teacher/wallet/withdrawals/', () =>
        HttpResponse.json([
          { id: 2, amount: 20000, iban: IBAN, status: 'rejected', created_at: '2026-11-20T09:00:00Z', settled_at: '2026-11-21T09:00:00Z', reference: '', reason: 'The IBAN is not in your name.' },
          { id: 1, amount: 30000, iban: IBAN, status: 'paid', created_at: '2026-11-19T09:00:00Z', settled_at: '2026-11-20T09:00:00Z', reference: 'BANK-778899', reason: '' },
        ]),
      ),
    );
    const [rejected, paid] = await screen.findAllByTestId('withdrawal');
    expect(rejected).toHaveTextContent('Why it was rejected: The IBAN is not in your name.');
    expect(within(paid!).getByTestId('withdrawal-reference')).toHaveTextContent('BANK-778899');
    expect(paid).not.toHaveTextContent('Why it was rejected');
  }, SLOW);

  it('speaks Persian with Persian digits', async () => {
    await i18n.changeLanguage('fa');
    setup();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('۶۰٬۰۰۰ تومان');
    expect(await screen.findByText('کلاس شماره ۱۲')).toBeInTheDocument();
  }, SLOW);
});
