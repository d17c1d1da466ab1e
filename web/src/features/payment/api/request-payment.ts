import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { toLatinDigits } from '@/lib/format';
import { savePendingPayment } from '../pending-payment';

export type PaymentRequested = components['schemas']['PaymentRequested'];
export type PaymentRequestInput = { amount: number; description: string; email: string; mobile: string };

/** MissingAuthorityError: the answer carried no authority to pay. */
export class MissingAuthorityError extends Error {
  constructor() {
    super('Invalid response from backend: Missing authority');
    this.name = 'MissingAuthorityError';
  }
}

/** requestPayment asks the server to start a top-up of amount Toman
 * (POST /panel-api/api/payment/request/). The server keeps the merchant id
 * and the callback address, so only the payment itself is sent. */
export async function requestPayment(input: PaymentRequestInput): Promise<PaymentRequested> {
  const res = await request(
    api.POST('/panel-api/api/payment/request/', {
      body: {
        amount: input.amount,
        description: input.description.trim(),
        metadata: { mobile: toLatinDigits(input.mobile.trim()), email: input.email.trim() },
      },
    }),
  );
  if (!res?.data?.authority) throw new MissingAuthorityError();
  return res;
}

/** startPayment requests a payment, stores the pending payment record and
 * returns where to send the browser to pay. */
export async function startPayment(input: PaymentRequestInput): Promise<{ answer: PaymentRequested; url: string }> {
  const answer = await requestPayment(input);
  savePendingPayment({
    authority: answer.data.authority,
    amount: input.amount,
    description: input.description.trim(),
    email: input.email.trim(),
    mobile: input.mobile.trim(),
    timestamp: Date.now(),
  });
  return { answer, url: answer.payment_url };
}

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}

/** browser leaves the app for the gateway; tests replace `assign`, which jsdom cannot do. */
export const browser = { assign: (url: string) => window.location.assign(url) };

/** goToGateway sends the browser to the gateway's payment page. */
export function goToGateway(url: string): void {
  browser.assign(url);
}
