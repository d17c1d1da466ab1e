import { AuthLayout } from '@/app/layouts/auth-layout';
import { PaymentCallback } from '@/features/payment/components/payment-callback';

/** PaymentCallbackRoute is where the payment gateway sends the payer back. */
export function PaymentCallbackRoute() {
  return (
    <AuthLayout>
      <PaymentCallback />
    </AuthLayout>
  );
}
