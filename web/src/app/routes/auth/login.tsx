import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/app/layouts/auth-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { LoginForm } from '@/features/auth/components/login-form';

// Operators are few: their entrance is a chunk of its own, so the login page
// everyone else opens does not carry it.
const OperatorLoginForm = lazy(() =>
  import('@/features/auth/components/operator-login-form').then((m) => ({ default: m.OperatorLoginForm })),
);

/** LoginRoute is /login: the students' and teachers' entrances, or with
 * ?role=admin the operators' (not offered on the page itself). */
export function LoginRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      {params.get('role') === 'admin' ? (
        <Suspense fallback={<PageSpinner />}>
          <OperatorLoginForm />
        </Suspense>
      ) : (
        <LoginForm />
      )}
    </AuthLayout>
  );
}
