import { AuthLayout } from '@/app/layouts/auth-layout';
import { UnsubscribePage } from '@/features/notifications/components/unsubscribe-page';
import { VerifyEmailPage } from '@/features/settings/components/verify-email-page';

/** VerifyEmailRoute is where the verification email's link leads (no sign-in needed). */
export function VerifyEmailRoute() {
  return (
    <AuthLayout>
      <VerifyEmailPage />
    </AuthLayout>
  );
}

/** UnsubscribeRoute is where an email's unsubscribe link leads (no sign-in needed). */
export function UnsubscribeRoute() {
  return (
    <AuthLayout>
      <UnsubscribePage />
    </AuthLayout>
  );
}
