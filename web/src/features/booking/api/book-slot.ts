import { useMutation } from '@tanstack/react-query';
import { api, request, ApiError } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Booking = components['schemas']['Booking'];
type PaymentRequired = components['schemas']['PaymentRequired'];

export type BookingInput = { slot: number; levelPrice: number; notes: string; tz: string };

/** PaymentRequiredError is a booking the wallet cannot pay: missingAmount is
 * the Toman to top up (402, docs/decisions.md). */
export class PaymentRequiredError extends ApiError {
  readonly missingAmount: number;
  constructor(body: PaymentRequired) {
    super(402, body);
    this.name = 'PaymentRequiredError';
    this.missingAmount = body.missing_amount;
  }
}

function isPaymentRequired(body: unknown): body is PaymentRequired {
  return typeof body === 'object' && body !== null && typeof (body as PaymentRequired).missing_amount === 'number';
}

/** bookSlot books a slot at a level price (POST /api/slot/booking/): the price
 * moves from the wallet to escrow. It raises PaymentRequiredError when the
 * wallet is short, and ApiError 409 when someone else took the slot first. */
export async function bookSlot(input: BookingInput): Promise<Booking> {
  let paymentBody: unknown;
  const call = api
    .POST('/api/slot/booking/', {
      params: { query: { tz: input.tz } },
      body: { slot: input.slot, level_price: input.levelPrice, notes: input.notes.trim() },
    })
    .then((r) => {
      if (r.response.status === 402) paymentBody = r.error;
      return r;
    });
  try {
    return await request(call);
  } catch (err) {
    if (err instanceof ApiError && err.status === 402 && isPaymentRequired(paymentBody)) {
      throw new PaymentRequiredError(paymentBody);
    }
    throw err;
  }
}

export function useBookSlot() {
  return useMutation({ mutationFn: bookSlot });
}
