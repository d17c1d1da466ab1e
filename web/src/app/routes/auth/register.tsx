import { AuthLayout } from '@/app/layouts/auth-layout';
import { RegisterBasicsForm } from '@/features/auth/components/register-basics-form';
import { RegisterRoleForm } from '@/features/auth/components/register-role-form';

export function RegisterRoute() {
  return (
    <AuthLayout>
      <RegisterBasicsForm />
    </AuthLayout>
  );
}

export function RegisterStudentRoute() {
  return (
    <AuthLayout>
      <RegisterRoleForm key="student" role="student" />
    </AuthLayout>
  );
}

export function RegisterTeacherRoute() {
  return (
    <AuthLayout>
      <RegisterRoleForm key="teacher" role="teacher" />
    </AuthLayout>
  );
}
