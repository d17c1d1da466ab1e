import { AuthLayout } from '@/app/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginRoute() {
  return (
    <AuthLayout>
      <LoginForm />
    </AuthLayout>
  );
}
