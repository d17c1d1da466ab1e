// What the callback page does with the gateway's answer (spec section 4):
// verify the payment with the server, then make sure it is in the wallet.
import { ApiError, NetworkError } from '@/lib/api/errors';
import { verifyPayment } from './api/verify-payment';
import { topUpWallet, type TopUp } from './api/top-up-wallet';

/** Why a payment did not reach the wallet; each has its message (spec section 8). */
export type FailureReason =
  | 'infoNotFound'
  | 'referenceNotFound'
  | 'cancelled'
  | 'verificationError'
  | 'walletUpdateFailed'
  | 'processingError';

/** PaymentFailure carries the reason and the server's own words, if any. */
export class PaymentFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    /** The server's message, or null (a network error leaves it to the screen). */
    readonly detail: string | null = null,
    readonly network = false,
  ) {
    super(reason);
    this.name = 'PaymentFailure';
  }
}

function failure(reason: FailureReason, err: unknown): PaymentFailure {
  if (err instanceof NetworkError) return new PaymentFailure(reason, null, true);
  return new PaymentFailure(reason, err instanceof ApiError ? err.detail : null);
}

/** settlePayment turns the callback's Authority and Status into a credited
 * wallet, or a PaymentFailure. The server decides the amount and credits
 * each payment once, so running this again (a reload) is safe. */
export async function settlePayment(authority: string | null, status: string | null): Promise<TopUp> {
  const ref = authority?.trim();
  if (!ref) throw new PaymentFailure('referenceNotFound');
  if (status !== 'OK') throw new PaymentFailure('cancelled');

  let verified;
  try {
    verified = await verifyPayment(ref);
  } catch (err) {
    // The server does not know this payment (or it is someone else's).
    if (err instanceof ApiError && err.status === 404) throw failure('infoNotFound', err);
    throw failure('verificationError', err);
  }
  if (!verified.success) throw new PaymentFailure('verificationError', verified.message || null);

  try {
    return await topUpWallet(ref);
  } catch (err) {
    throw failure('walletUpdateFailed', err);
  }
}
