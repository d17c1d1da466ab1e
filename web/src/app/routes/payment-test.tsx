import { GatewayTest } from '@/features/payment/components/gateway-test';

/** PaymentTestRoute is the payment gateway's test page, for students. */
export function PaymentTestRoute() {
  return <GatewayTest />;
}
