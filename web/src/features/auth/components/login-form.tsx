import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, PasswordField, TextField } from '@/components/ui/field';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/errors';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { homePath, type Role } from '@/lib/auth/user';
import { msg, type TKey } from '@/lib/i18n/keys';
import { AccessDeniedError, ProfileFetchError, useLogin } from '../api/login';
import { checkLogin, isRoleChoice, type LoginValues, type RoleChoice } from '../login';
import { VerifyingOverlay } from './verifying-overlay';

const roleName: Record<Role, TKey> = {
  student: msg('roles.nameStudent'),
  teacher: msg('roles.nameTeacher'),
  admin: msg('roles.nameAdmin'),
};

/** LoginForm is the sign-in screen: a student or teacher entrance, username,
 * password and keep-me-signed-in. */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const [entrance, setEntrance] = useState<RoleChoice>(() => {
    const r = params.get('role');
    return isRoleChoice(r) ? r : 'student';
  });
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const registered = params.get('registration') === 'success';

  // A plain controlled form (login.ts says why): as the other forms do, it
  // shows the fields' errors from the first submit on, checked again as the
  // fields change, and a submit moves the focus to the first wrong field.
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', remember: true });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? checkLogin(values) : {};
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const set = (change: Partial<LoginValues>) => setValues((v) => ({ ...v, ...change }));

  const chooseEntrance = (r: RoleChoice) => {
    setEntrance(r);
    setError(null);
    const next = new URLSearchParams(params);
    next.set('role', r);
    setParams(next, { replace: true });
  };

  const submit = () => {
    setSubmitted(true);
    const found = checkLogin(values);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    login.mutate(
      { username: values.username.trim(), password: values.password, role: entrance },
      {
        onSuccess: ({ token, user }) => {
          auth.login(token, user, values.remember);
          navigate(homePath(user.role), { replace: true });
        },
        onError: (err) => {
          if (err instanceof AccessDeniedError) {
            setError(
              t('errors.accessDenied', {
                entrance: t(err.entrance === 'teacher' ? 'roles.nameTeachers' : 'roles.nameStudents'),
                role: t(roleName[err.userRole]),
              }),
            );
          } else if (err instanceof ProfileFetchError) {
            setError(t('errors.profileFetch'));
          } else if (err instanceof ApiError && err.status === 401 && !err.detail) {
            setError(t('errors.loginFailed'));
          } else {
            setError(errorText(err, t, 'errors.loginFailed'));
          }
        },
      },
    );
  };

  return (
    <>
      {login.isPending && <VerifyingOverlay />}
      <h1 className="text-2xl font-bold">{t('auth.login.title')}</h1>
      <p className="mt-1 text-sm text-muted">{t('auth.login.subtitle')}</p>

      <div className="mt-6">
        <SegmentedChoice
          legend={t('auth.login.entrance')}
          value={entrance}
          onChange={chooseEntrance}
          options={[
            { value: 'student', label: t('auth.login.studentTab') },
            { value: 'teacher', label: t('auth.login.teacherTab') },
          ]}
        />
      </div>

      <div className="mt-5 space-y-3" aria-live="polite">
        {registered && <Alert tone="success">{t('auth.login.registrationSuccess')}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
      </div>

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          submit();
        }}
        className="mt-4 space-y-4"
      >
        <TextField
          label={t('fields.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          error={errors.username && t(errors.username)}
          ref={usernameRef}
          name="username"
          value={values.username}
          onChange={(e) => set({ username: e.target.value })}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          error={errors.password && t(errors.password)}
          ref={passwordRef}
          name="password"
          value={values.password}
          onChange={(e) => set({ password: e.target.value })}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox
            label={t('auth.login.remember')}
            name="remember"
            checked={values.remember}
            onChange={(e) => set({ remember: e.target.checked })}
          />
          <Link to={paths.forgotPassword.path} className="text-sm font-medium text-link hover:underline">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={login.isPending}>
          <LogIn className="size-4 rtl:-scale-x-100" aria-hidden />
          {entrance === 'teacher' ? t('auth.login.submitTeacher') : t('auth.login.submitStudent')}
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-muted">
        {t('auth.login.noAccount')}{' '}
        <Link to={paths.register.path} className="font-medium text-link hover:underline">
          {t('auth.login.register')}
        </Link>
      </p>
    </>
  );
}
