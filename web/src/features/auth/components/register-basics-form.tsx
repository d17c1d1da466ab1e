import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, GraduationCap, Presentation } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useFieldError } from '@/lib/forms';
import { registerBasicsSchema, type RegisterBasicsValues } from '../schemas';
import { readCarried, type Carried } from './carried';

/** RegisterBasicsForm is registration step 1: username, optional email,
 * password twice and a role; it moves on to the role's page carrying them. */
export function RegisterBasicsForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const location = useLocation();
  const carried = readCarried(location.state);

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<RegisterBasicsValues>({
    resolver: zodResolver(registerBasicsSchema),
    defaultValues: {
      username: carried.username ?? '',
      email: carried.email ?? '',
      password: carried.password ?? '',
      confirmPassword: carried.password ?? '',
      role: carried.role,
    },
  });
  const role = watch('role');

  const onSubmit = handleSubmit((v) => {
    if (!v.role) return; // the schema requires it
    const state: Carried = { username: v.username.trim(), email: v.email.trim(), password: v.password, role: v.role };
    // Keep the values on this history entry too, so Back returns to a filled form.
    navigate(location.pathname, { replace: true, state });
    navigate(v.role === 'teacher' ? paths.registerTeacher.path : paths.registerStudent.path, { state });
  });

  const roleError = fieldError(errors.role);
  return (
    <>
      <h1 className="text-2xl font-bold">{t('auth.register.title')}</h1>
      <p className="mt-1 text-sm text-muted">{t('auth.register.subtitle')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <TextField
          label={t('fields.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          hint={t('auth.register.usernameHint')}
          error={fieldError(errors.username)}
          {...register('username')}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          optional
          autoComplete="email"
          dir="ltr"
          error={fieldError(errors.email)}
          {...register('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          hint={t('auth.register.passwordHint')}
          error={fieldError(errors.password)}
          {...register('password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          error={fieldError(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <fieldset aria-describedby={roleError ? 'role-error' : undefined}>
          <legend className="mb-2 text-sm font-medium">{t('auth.register.roleQuestion')}</legend>
          <div className="grid grid-cols-2 gap-3">
            {(
              [
                { value: 'student', label: t('roles.student'), hint: t('auth.register.studentHint'), Icon: GraduationCap },
                { value: 'teacher', label: t('roles.teacher'), hint: t('auth.register.teacherHint'), Icon: Presentation },
              ] as const
            ).map(({ value, label, hint, Icon }) => (
              <label
                key={value}
                className={cn(
                  'relative flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 p-3 pt-4 text-center transition-colors',
                  role === value ? 'border-primary bg-info-bg' : 'border-line hover:bg-surface-2',
                )}
              >
                <input type="radio" value={value} className="absolute start-2 top-2 size-4 accent-primary" {...register('role')} />
                <Icon className="size-6 text-link" aria-hidden />
                <span className="text-sm font-semibold">{label}</span>
                <span className="text-xs text-muted">{hint}</span>
              </label>
            ))}
          </div>
          {roleError && (
            <p id="role-error" className="mt-1.5 text-sm text-danger">
              {roleError}
            </p>
          )}
        </fieldset>
        <Button type="submit" className="w-full">
          {t('common.continue')}
          <ArrowLeft className="size-4 ltr:-scale-x-100" aria-hidden />
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('auth.register.haveAccount')}{' '}
        <Link to={paths.login.path} className="font-medium text-link hover:underline">
          {t('auth.register.signIn')}
        </Link>
      </p>
    </>
  );
}
