import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import { PENDING_PAYMENT_KEY, readPendingPayment, savePendingPayment } from '../pending-payment';

const verified = {
  success: true,
  status: 'success',
  message: 'Payment verified; your wallet has been topped up.',
  authority: 'S1',
  ref_id: 987654,
  amount: 50000,
};
const toppedUp = { success: true, message: 'Your wallet has been topped up.', authority: 'S1', ref_id: 987654, amount: 50000, balance: 70000 };

type Calls = { verify: string[]; topup: string[] };

function setup(
  query: string,
  handlers: { verify?: () => Response; topup?: () => Response } = {},
  opts: { signedIn?: boolean } = {},
) {
  const calls: Calls = { verify: [], topup: [] };
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(makeUser({ wallet: 70000 }))),
    http.get('*/api/student/wallet/transactions/', () => HttpResponse.json([])),
    http.post('*/panel-api/api/payment/verify/', async ({ request }) => {
      calls.verify.push(((await request.json()) as { authority: string }).authority);
      return handlers.verify ? handlers.verify() : HttpResponse.json(verified);
    }),
    http.post('*/api/student/wallet/topup/', async ({ request }) => {
      calls.topup.push(((await request.json()) as { authority: string }).authority);
      return handlers.topup ? handlers.topup() : HttpResponse.json(toppedUp);
    }),
  );
  if (opts.signedIn !== false) signIn();
  savePendingPayment({ authority: 'S1', amount: 50000, description: '', email: 'a@b.co', mobile: '09120000000', timestamp: Date.now() });
  const r = renderApp(`/payment/callback${query}`);
  return { ...r, calls };
}

// User-event typing through the whole app is slow on a busy machine.
const SLOW = 60_000;

describe('payment callback', () => {
  beforeAll(async () => {
    await import('@/app/routes/payment-callback');
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.useRealTimers());

  it('verifies, tops up, removes the pending record and returns to the wallet after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, router } = setup('?Authority=S1&Status=OK');
    expect(await screen.findByRole('heading', { name: 'Checking your payment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('50,000 Toman was added to your wallet.')).toBeInTheDocument();
    expect(screen.getByText('987654')).toBeInTheDocument();
    expect(screen.getByText('70,000 Toman')).toBeInTheDocument();
    expect(calls).toEqual({ verify: ['S1'], topup: ['S1'] });
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to wallet' })).toHaveAttribute('href', '/student/wallet');
    expect(router.state.location.pathname).toBe('/payment/callback');
    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/payment/callback');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/wallet'));
  }, SLOW);

  it('shows a cancelled payment as failed without asking the server, with retry and return', async () => {
    const { calls } = setup('?Authority=S1&Status=NOK');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The payment was cancelled or unsuccessful.');
    expect(screen.getByText('Nothing was taken from or added to your wallet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to wallet' })).toHaveAttribute('href', '/student/wallet');
    expect(calls).toEqual({ verify: [], topup: [] });
    expect(readPendingPayment()).not.toBeNull();
  }, SLOW);

  it('needs the reference code (Authority)', async () => {
    const { calls } = setup('?Status=OK');
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment reference code not found.');
    expect(calls.verify).toEqual([]);
  }, SLOW);

  it('reports a payment the server does not know as payment information not found', async () => {
    setup('?Authority=S1&Status=OK', { verify: () => HttpResponse.json({ detail: 'Payment not found.' }, { status: 404 }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment information not found.');
    expect(alert).toHaveTextContent('Payment not found.');
  }, SLOW);

  it('reports a verification the gateway does not confirm, and does not top up', async () => {
    const { calls } = setup('?Authority=S1&Status=OK', {
      verify: () => HttpResponse.json({ ...verified, success: false, status: 'failed', message: 'Payment verification failed', ref_id: null }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment verification error.');
    expect(alert).toHaveTextContent('Payment verification failed');
    expect(calls.topup).toEqual([]);
  }, SLOW);

  it('reports a verification that could not be made (network)', async () => {
    setup('?Authority=S1&Status=OK', { verify: () => HttpResponse.error() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment verification error.');
    expect(alert).toHaveTextContent(/Network error/);
  }, SLOW);

  it('reports a verified payment whose wallet update failed, keeping the pending record', async () => {
    setup('?Authority=S1&Status=OK', { topup: () => HttpResponse.json({ detail: 'Failed to top up wallet' }, { status: 409 }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment succeeded but updating your wallet failed. Please contact support.');
    expect(alert).toHaveTextContent('Failed to top up wallet');
    expect(readPendingPayment()).not.toBeNull();
  }, SLOW);

  it('reports an unexpected answer as an error processing the payment', async () => {
    setup('?Authority=S1&Status=OK', { verify: () => HttpResponse.json(null) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error processing the payment.');
  }, SLOW);

  it('asks to log in again without a session', async () => {
    const { calls } = setup('?Authority=S1&Status=OK', {}, { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication token not found. Please log in again.');
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/login');
    expect(calls.verify).toEqual([]);
  }, SLOW);

  it('speaks Persian', async () => {
    await i18n.changeLanguage('fa');
    setup('?Authority=S1&Status=NOK');
    expect(await screen.findByRole('heading', { name: 'پرداخت ناموفق' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('پرداخت لغو شد یا ناموفق بود.');
    expect(screen.getByRole('link', { name: 'بازگشت به کیف پول' })).toBeInTheDocument();
  }, SLOW);
});
