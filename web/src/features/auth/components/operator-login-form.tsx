import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ArrowRight, LogIn, RotateCw, ShieldCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, PasswordField, TextField } from '@/components/ui/field';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { ApiError } from '@/lib/api/errors';
import { useAuth } from '@/lib/auth/auth-provider';
import { homePath } from '@/lib/auth/user';
import { formatCountdown } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import { AccessDeniedError, ProfileFetchError } from '../api/login';
import { useOperatorLogin } from '../api/operator-login';
import { useCountdown } from '../hooks/use-countdown';
import { checkLogin, type LoginValues } from '../login';
import { RESEND_SECONDS, operatorCodeSchema, sanitizeCode, type OperatorCodeValues } from '../schemas';
import { VerifyingOverlay } from './verifying-overlay';

type Banner = { tone: 'error' | 'success'; text: string };

/** loginResolver checks the credentials as the students' and teachers'
 * entrance does (checkLogin), for react-hook-form. */
const loginResolver: Resolver<LoginValues> = (values) => {
  const found = Object.entries(checkLogin(values));
  if (found.length > 0) {
    return { values: {}, errors: Object.fromEntries(found.map(([field, message]) => [field, { type: 'validate', message }])) };
  }
  return { values: { ...values, username: values.username.trim() }, errors: {} };
};

/** OperatorLoginForm is the operators' entrance (/login?role=admin), shown to
 * no one else: username and password, then the code texted to the operator's
 * phone (the second factor). Asking for a new code sends the first step again. */
export function OperatorLoginForm() {
  const { t } = useTranslation();
  const lang = useLang();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const auth = useAuth();
  const login = useOperatorLogin();
  const countdown = useCountdown();
  const [credentials, setCredentials] = useState<LoginValues | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);

  const first = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '', remember: true },
  });
  const second = useForm<OperatorCodeValues>({ resolver: zodResolver(operatorCodeSchema), defaultValues: { code: '' } });

  const failed = (err: unknown, onCode: boolean) => {
    if (err instanceof ApiError && err.retryAfter) countdown.start(err.retryAfter);
    if (err instanceof AccessDeniedError) {
      setBanner({ tone: 'error', text: t('auth.operator.notOperator') });
      return;
    }
    if (err instanceof ProfileFetchError) {
      setBanner({ tone: 'error', text: t('errors.profileFetch') });
      return;
    }
    const rest = onCode ? applyFieldErrors(err, second.setError, { code: 'code' }) : undefined;
    if (rest === undefined) setBanner({ tone: 'error', text: errorText(err, t, 'errors.loginFailed') });
    else if (rest) setBanner({ tone: 'error', text: rest });
  };

  /** ask sends the credentials without a code: the server texts a new one. */
  const ask = (values: LoginValues, again: boolean) => {
    setBanner(null);
    login.mutate(
      { username: values.username, password: values.password },
      {
        onSuccess: (r) => {
          if (!r.codeSent) return;
          setCredentials(values);
          countdown.start(RESEND_SECONDS);
          setBanner({ tone: 'success', text: t(again ? 'auth.operator.codeResent' : 'auth.operator.codeSent') });
        },
        onError: (err) => failed(err, false),
      },
    );
  };

  const onCredentials = first.handleSubmit((v) => ask(v, false));
  const onCode = second.handleSubmit(({ code }) => {
    if (!credentials) return;
    setBanner(null);
    login.mutate(
      { username: credentials.username, password: credentials.password, code },
      {
        onSuccess: (r) => {
          if (r.codeSent) return;
          auth.login(r.token, r.user, credentials.remember);
          navigate(homePath(r.user.role), { replace: true });
        },
        onError: (err) => failed(err, true),
      },
    );
  });

  const back = () => {
    setCredentials(null);
    setBanner(null);
    countdown.reset();
    second.reset({ code: '' });
  };

  const codeField = second.register('code');
  return (
    <>
      {login.isPending && Boolean(login.variables?.code) && <VerifyingOverlay />}
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-info-bg text-link" aria-hidden>
          <ShieldCheck className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{t('auth.operator.title')}</h1>
          <p className="mt-0.5 text-sm text-muted">{credentials ? t('auth.operator.codeSubtitle') : t('auth.operator.subtitle')}</p>
        </div>
      </div>

      <div className="mt-5" aria-live="polite">
        {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
      </div>

      {credentials === null ? (
        <form noValidate onSubmit={(e) => void onCredentials(e)} className="mt-4 space-y-4">
          <TextField
            label={t('fields.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            error={fieldError(first.formState.errors.username)}
            {...first.register('username')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            error={fieldError(first.formState.errors.password)}
            {...first.register('password')}
          />
          <Checkbox label={t('auth.login.remember')} {...first.register('remember')} />
          <Button type="submit" className="w-full" loading={login.isPending} disabled={countdown.remaining > 0}>
            <LogIn className="size-4 rtl:-scale-x-100" aria-hidden />
            {t('auth.operator.submit')}
            {countdown.remaining > 0 && <span className="tabular-nums">({formatCountdown(countdown.remaining, lang)})</span>}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={(e) => void onCode(e)} className="mt-4 space-y-4">
          <TextField
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            autoFocus
            className="tracking-[0.4em]"
            error={fieldError(second.formState.errors.code)}
            {...codeField}
            onChange={(e) => {
              e.target.value = sanitizeCode(e.target.value);
              void codeField.onChange(e);
            }}
          />
          <Button type="submit" className="w-full" loading={login.isPending && Boolean(login.variables?.code)}>
            <ShieldCheck className="size-4" aria-hidden />
            {t('auth.operator.verify')}
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button variant="ghost" onClick={back} disabled={login.isPending}>
              <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
              {t('common.back')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => ask(credentials, true)}
              disabled={countdown.remaining > 0 || login.isPending}
              loading={login.isPending && !login.variables?.code}
            >
              <RotateCw className="size-4" aria-hidden />
              {countdown.remaining > 0 ? t('auth.resendIn', { time: formatCountdown(countdown.remaining, lang) }) : t('auth.resendCode')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
