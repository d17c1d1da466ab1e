import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type PaymentVerification = components['schemas']['PaymentVerification'];

/** verifyPayment asks the server to verify the payment of authority with the
 * gateway (POST /panel-api/api/payment/verify/). The server verifies the
 * amount it recorded; a payment the gateway does not confirm answers
 * success false. */
export function verifyPayment(authority: string): Promise<PaymentVerification> {
  return request(api.POST('/panel-api/api/payment/verify/', { body: { authority } }));
}
