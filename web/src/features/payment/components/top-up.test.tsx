import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { User } from '@/lib/auth/user';
import { browser } from '../api/request-payment';
import { readPendingPayment } from '../pending-payment';

const tx = (over: Record<string, unknown>) => ({
  id: 1,
  type: 'topup',
  transaction_type: 'topup',
  amount: 50000,
  date: '2026-11-21T10:00:00Z',
  created_at: '2026-11-21T10:00:00Z',
  status: 'completed',
  description: 'Zabano wallet top-up',
  ...over,
});

function setup(path: string, user: User = makeUser({ wallet: 120000 })) {
  const requests: Array<Record<string, unknown>> = [];
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(user)),
    http.get('*/api/student/wallet/transactions/', () =>
      HttpResponse.json([tx({ id: 2, type: 'class_payment', transaction_type: 'class_payment', amount: -30000, description: 'class #7' }), tx({})]),
    ),
    http.get('*/api/student/wallet/refunds/', () => HttpResponse.json([])),
    http.post('*/panel-api/api/payment/request/', async ({ request }) => {
      requests.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({
        data: { authority: 'S123', code: 100, message: 'Success', fee: 0, fee_type: 'Merchant' },
        payment_url: 'http://localhost/sandbox/pay/S123',
      });
    }),
  );
  signIn(user);
  const r = renderApp(path);
  return { ...r, requests };
}

// User-event typing through the whole app is slow on a busy machine.
const SLOW = 60_000;

describe('student wallet and top-up', () => {
  // Load the lazy screens once, so that the first test does not spend its wait on it.
  beforeAll(async () => {
    await Promise.all([import('@/app/routes/student-wallet'), import('@/app/routes/app/area')]);
  });
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  it('shows the balance and the history, which can be hidden', async () => {
    const { user } = setup('/student/wallet');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('120,000 Toman');
    const rows = await screen.findAllByTestId('transaction');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Class payment');
    expect(rows[0]).toHaveTextContent('Class #7');
    expect(within(rows[0]!).getByTestId('transaction-amount')).toHaveTextContent('-30,000 Toman');
    expect(within(rows[0]!).getByTestId('transaction-amount')).toHaveClass('text-danger');
    expect(within(rows[1]!).getByTestId('transaction-amount')).toHaveTextContent('+50,000 Toman');
    expect(within(rows[1]!).getByTestId('transaction-amount')).toHaveClass('text-success');

    const toggle = screen.getByRole('button', { name: 'Hide history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.queryAllByTestId('transaction')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findAllByTestId('transaction')).toHaveLength(2);
  }, SLOW);

  it('checks the custom amount: required, at least 1,000, then opens the top-up with it locked', async () => {
    const { user } = setup('/student/wallet');
    const form = (await screen.findByRole('heading', { name: 'Custom amount' })).closest('section')!;
    const submit = within(form).getByRole('button', { name: 'Continue to payment' });
    await user.click(submit);
    expect(await within(form).findByText('amount is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Amount (Toman)'), '999');
    await user.click(submit);
    expect(await within(form).findByText('The minimum amount is 1,000 Toman.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Amount (Toman)'));
    await user.type(within(form).getByLabelText('Amount (Toman)'), '۷۵۰۰۰');
    expect(within(form).getByText('75,000 Toman')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Description/), 'For May');
    await user.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Top up your wallet' });
    expect(within(dialog).getByTestId('locked-amount')).toHaveTextContent('75,000 Toman');
    expect(within(dialog).queryByRole('button', { name: '10,000 Toman' })).toBeNull();
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('For May');
  }, SLOW);

  it('uses the profile contact when complete, and pays: request, pending record, gateway', async () => {
    const { user, requests } = setup('/student/wallet');
    await user.click(await screen.findByRole('button', { name: 'Top up 500,000 Toman' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText("My profile's email and mobile")).toBeChecked();
    expect(within(dialog).getByText('sara@example.com')).toBeInTheDocument();
    const pay = within(dialog).getByRole('button', { name: 'Pay 500,000 Toman' });
    expect(pay).toBeEnabled();
    await user.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/S123'));
    expect(requests).toEqual([{ amount: 500000, description: '', metadata: { mobile: '09121234567', email: 'sara@example.com' } }]);
    expect(readPendingPayment()).toMatchObject({
      authority: 'S123',
      amount: 500000,
      email: 'sara@example.com',
      mobile: '09121234567',
    });
    expect(readPendingPayment()!.timestamp).toBeGreaterThan(0);
  }, SLOW);

  it('disables pay until a profile without email gets typed contact details', async () => {
    const { user, requests } = setup('/student/wallet', makeUser({ email: '', wallet: 0 }));
    await user.click(await screen.findByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('dialog');
    // A profile without an email starts on typed details, the mobile filled in.
    expect(within(dialog).getByLabelText('Another email and mobile')).toBeChecked();
    expect(within(dialog).getByLabelText('Mobile number')).toHaveValue('09121234567');
    const pay = within(dialog).getByRole('button', { name: /^Pay/ });
    expect(pay).toBeDisabled(); // no amount yet
    await user.click(within(dialog).getByRole('button', { name: '25,000 Toman' }));
    expect(within(dialog).getByRole('button', { name: '25,000 Toman' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText('Amount (Toman)')).toHaveValue('25000');
    expect(pay).toBeDisabled(); // no email
    await user.click(within(dialog).getByLabelText("My profile's email and mobile"));
    expect(within(dialog).getByText('Not set')).toBeInTheDocument();
    expect(within(dialog).getByText(/Your profile has no email or mobile/)).toBeInTheDocument();
    expect(pay).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Another email and mobile'));
    await user.type(within(dialog).getByLabelText('Email'), 'me@example.com');
    expect(pay).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Mobile number'));
    expect(pay).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Mobile number'), '09351112233');
    await user.clear(within(dialog).getByLabelText('Amount (Toman)'));
    await user.type(within(dialog).getByLabelText('Amount (Toman)'), '500');
    expect(pay).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Amount (Toman)'), '0');
    expect(pay).toBeEnabled();
    await user.click(pay);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({ amount: 5000, description: '', metadata: { mobile: '09351112233', email: 'me@example.com' } });
  }, SLOW);

  it('opens with the amount a booking asked for locked (?amount=), and forgets it when closed', async () => {
    const { user, router } = setup('/student/wallet?amount=45000');
    const dialog = await screen.findByRole('dialog', { name: 'Top up your wallet' });
    expect(within(dialog).getByTestId('locked-amount')).toHaveTextContent('45,000 Toman');
    expect(within(dialog).queryByLabelText('Amount (Toman)')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  }, SLOW);

  it("shows the server's field message next to the typed mobile", async () => {
    const { user } = setup('/student/wallet?amount=20000', makeUser({ email: '' }));
    server.use(
      http.post('*/panel-api/api/payment/request/', () =>
        HttpResponse.json({ mobile: ['Enter a valid mobile number.'], detail: 'Enter a valid mobile number.' }, { status: 400 }),
      ),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Pay 20,000 Toman' }));
    expect(await within(dialog).findByText('Enter a valid mobile number.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(assign).not.toHaveBeenCalled();
    expect(readPendingPayment()).toBeNull();
  }, SLOW);

  it('reports a failed balance read with a retry', async () => {
    setup('/student/wallet');
    server.use(http.get('*/api/profile/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    // The session's cached user shows first; a refresh that fails shows the error.
    const refresh = await screen.findByRole('button', { name: 'Refresh balance' });
    await waitFor(() => expect(refresh).toBeEnabled());
    refresh.click();
    const alert = (await screen.findByText('boom', {}, { timeout: 10000 })).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  }, SLOW);
});
