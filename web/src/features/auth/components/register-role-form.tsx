import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Send, UserPlus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextArea, TextField } from '@/components/ui/field';
import { hrefs, paths } from '@/config/paths';
import { ApiError } from '@/lib/api/errors';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { formatCountdown } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import { useRegister } from '../api/register';
import { useSendCode } from '@/lib/api/phone-code';
import { useCountdown } from '../hooks/use-countdown';
import type { RoleChoice } from '../login';
import { MAX_BIO, RESEND_SECONDS, registerRoleSchema, sanitizeCode, type RegisterRoleValues } from '../schemas';
import { readCarried } from './carried';

/** RegisterRoleForm is /register/student and /register/teacher: the basics
 * (filled from step 1 when carried), the phone with its texted code, and for
 * teachers a bio. Success goes to /login?registration=success. */
export function RegisterRoleForm({ role }: { role: RoleChoice }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const carried = readCarried(useLocation().state);
  const countdown = useCountdown();
  const sendCode = useSendCode();
  const registration = useRegister();
  const [banner, setBanner] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<RegisterRoleValues>({
    resolver: zodResolver(registerRoleSchema),
    defaultValues: {
      username: carried.username ?? '',
      email: carried.email ?? '',
      password: carried.password ?? '',
      confirmPassword: carried.password ?? '',
      phone: '',
      code: '',
      codeSent: false,
      bio: '',
    },
  });
  const codeSent = watch('codeSent');

  const onSendCode = () => {
    const phone = getValues('phone').trim();
    setBanner(null);
    if (!phone) {
      setError('phone', { type: 'schema', message: 'validation.phoneRequired' }, { shouldFocus: true });
      return;
    }
    clearErrors('phone');
    sendCode.mutate(phone, {
      onSuccess: () => {
        setValue('codeSent', true);
        countdown.start(RESEND_SECONDS);
        setBanner({ tone: 'success', text: t('auth.codeSent') });
        // Let React show the code field, then move there.
        window.setTimeout(() => document.getElementById('register-code')?.focus(), 0);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.retryAfter) countdown.start(err.retryAfter);
        const rest = applyFieldErrors(err, setError, { phone: 'phone' });
        if (rest === undefined) setBanner({ tone: 'error', text: errorText(err, t, 'errors.sendCodeFailed') });
        else if (rest) setBanner({ tone: 'error', text: rest });
      },
    });
  };

  const onSubmit = handleSubmit((v) => {
    setBanner(null);
    registration.mutate(
      { username: v.username, email: v.email, password: v.password, role, phone: v.phone, code: v.code, bio: v.bio },
      {
        onSuccess: () => navigate(hrefs.login({ registration: 'success', role }), { replace: true }),
        onError: (err) => {
          const rest = applyFieldErrors(err, setError, {
            username: 'username',
            email: 'email',
            password: 'password',
            phone: 'phone',
            code: 'code',
            meta: 'bio',
            bio: 'bio',
          });
          if (rest === undefined) setBanner({ tone: 'error', text: errorText(err, t, 'errors.registrationFailed') });
          else if (rest) setBanner({ tone: 'error', text: rest });
        },
      },
    );
  });

  const codeField = register('code');
  const sendLabel = codeSent ? t('auth.resendCode') : t('auth.sendCode');
  return (
    <>
      <Link
        to={paths.register.path}
        onClick={(e) => {
          // Carry what was typed here back to step 1.
          e.preventDefault();
          const { username, email, password } = getValues();
          navigate(paths.register.path, { state: { username, email, password, role } });
        }}
        className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline"
      >
        <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
        {t('auth.register.changeRole')}
      </Link>
      <h1 className="mt-3 text-2xl font-bold">
        {role === 'teacher' ? t('auth.register.teacherTitle') : t('auth.register.studentTitle')}
      </h1>
      <p className="mt-1 text-sm text-muted">{t('auth.register.roleSubtitle')}</p>

      {banner && (
        <Alert tone={banner.tone} className="mt-5">
          {banner.text}
        </Alert>
      )}

      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
        <TextField
          label={t('fields.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
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
          error={fieldError(errors.password)}
          {...register('password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          error={fieldError(errors.confirmPassword)}
          {...register('confirmPassword')}
        />

        <div className="flex items-start gap-2">
          <TextField
            wrapperClassName="min-w-0 flex-1"
            label={t('fields.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder="09121234567"
            error={fieldError(errors.phone)}
            {...register('phone')}
          />
          <Button
            variant="secondary"
            className="mt-7 shrink-0"
            onClick={onSendCode}
            loading={sendCode.isPending}
            disabled={countdown.remaining > 0}
          >
            <Send className="size-4 rtl:-scale-x-100" aria-hidden />
            {countdown.remaining > 0
              ? t(codeSent ? 'auth.resendIn' : 'auth.sendCodeIn', { time: formatCountdown(countdown.remaining, lang) })
              : sendLabel}
          </Button>
        </div>

        {codeSent && (
          <TextField
            id="register-code"
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            dir="ltr"
            className="tracking-[0.4em]"
            hint={t('auth.codeHint')}
            error={fieldError(errors.code)}
            {...codeField}
            onChange={(e) => {
              e.target.value = sanitizeCode(e.target.value);
              void codeField.onChange(e);
            }}
          />
        )}

        {role === 'teacher' && (
          <TextArea
            label={t('fields.bio')}
            optional
            maxLength={MAX_BIO}
            hint={t('auth.register.bioHint')}
            error={fieldError(errors.bio)}
            {...register('bio')}
          />
        )}

        <Button type="submit" className="w-full" loading={registration.isPending}>
          <UserPlus className="size-4" aria-hidden />
          {t('auth.register.submit')}
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-muted">
        {t('auth.register.haveAccount')}{' '}
        <Link to={hrefs.login({ role })} className="font-medium text-link hover:underline">
          {t('auth.register.signIn')}
        </Link>
      </p>
    </>
  );
}
