import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ArrowRight, CheckCircle2, KeyRound, RotateCw, Send, XCircle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/errors';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatCountdown, formatDigits, toLatinDigits } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import type { TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { useResetPassword } from '../api/reset-password';
import { useSendCode } from '@/lib/api/phone-code';
import { useCountdown } from '../hooks/use-countdown';
import {
  RESEND_SECONDS,
  passwordHint,
  resetPasswordSchema,
  resetPhoneSchema,
  sanitizeCode,
  type ResetPasswordValues,
  type ResetPhoneValues,
} from '../schemas';

/** Time from the success message to the login page (spec section 9). */
export const REDIRECT_AFTER_RESET_MS = 2000;

type Banner = { tone: 'error' | 'success'; text: string };

const hintText: Record<'tooShort' | 'mismatch' | 'match', TKey> = {
  tooShort: 'auth.forgot.hintTooShort',
  mismatch: 'auth.forgot.hintMismatch',
  match: 'auth.forgot.hintMatch',
};

/** ForgotPasswordForm resets a password in two steps: the mobile number gets a
 * code; then the code, a new password and its confirmation. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const lang = useLang();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [phone, setPhone] = useState('');
  const [banner, setBanner] = useState<Banner | null>(null);
  const [done, setDone] = useState(false);
  const countdown = useCountdown();
  const sendCode = useSendCode();
  const reset = useResetPassword();

  const phoneForm = useForm<ResetPhoneValues>({ resolver: zodResolver(resetPhoneSchema), defaultValues: { phone: '' } });
  const codeForm = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { code: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const [code, newPassword, confirmPassword] = useWatch({
    control: codeForm.control,
    name: ['code', 'newPassword', 'confirmPassword'],
  });
  const valid = resetPasswordSchema.safeParse({ code, newPassword, confirmPassword }).success;
  const hint = passwordHint(newPassword, confirmPassword);

  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(() => navigate(paths.login.path, { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(id);
  }, [done, navigate]);

  const send = (to: string, resend: boolean) => {
    setBanner(null);
    sendCode.mutate(to, {
      onSuccess: () => {
        setPhone(to);
        setStep(2);
        countdown.start(RESEND_SECONDS);
        setBanner({ tone: 'success', text: t(resend ? 'auth.forgot.codeResent' : 'auth.codeSent') });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.retryAfter) countdown.start(err.retryAfter);
        const rest = resend ? undefined : applyFieldErrors(err, phoneForm.setError, { phone: 'phone' });
        const fallback = resend ? 'errors.resetResendFailed' : 'errors.resetSendFailed';
        if (rest === undefined) setBanner({ tone: 'error', text: errorText(err, t, fallback) });
        else if (rest) setBanner({ tone: 'error', text: rest });
      },
    });
  };

  const onSendCode = phoneForm.handleSubmit((v) => send(v.phone.trim(), false));

  const onReset = codeForm.handleSubmit((v) => {
    setBanner(null);
    reset.mutate(
      { phone, code: v.code, newPassword: v.newPassword },
      {
        onSuccess: () => {
          setDone(true);
          setBanner({ tone: 'success', text: t('auth.forgot.changed') });
        },
        onError: (err) => {
          const rest = applyFieldErrors(err, codeForm.setError, {
            code: 'code',
            new_password: 'newPassword',
            password: 'newPassword',
          });
          if (rest === undefined) setBanner({ tone: 'error', text: errorText(err, t, 'errors.resetFailed') });
          else if (rest) setBanner({ tone: 'error', text: rest });
        },
      },
    );
  });

  const back = () => {
    setStep(1);
    setBanner(null);
    setPhone('');
    countdown.reset();
    phoneForm.reset({ phone: '' });
    codeForm.reset({ code: '', newPassword: '', confirmPassword: '' });
  };

  const codeField = codeForm.register('code');
  return (
    <>
      <h1 className="text-2xl font-bold">{t('auth.forgot.title')}</h1>
      <p className="mt-1 text-sm text-muted">
        {step === 1 ? t('auth.forgot.step1Subtitle') : t('auth.forgot.step2Subtitle', { phone: formatDigits(toLatinDigits(phone), lang) })}
      </p>
      <p className="mt-2 text-xs font-medium text-muted">{t('auth.forgot.stepOf', { step: formatDigits(String(step), lang), total: formatDigits('2', lang) })}</p>

      {banner && (
        <Alert tone={banner.tone} className="mt-5">
          {banner.text}
          {done && <span className="block">{t('auth.forgot.redirecting')}</span>}
        </Alert>
      )}

      {step === 1 ? (
        <form noValidate onSubmit={onSendCode} className="mt-5 space-y-4">
          <TextField
            label={t('fields.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder="09121234567"
            error={fieldError(phoneForm.formState.errors.phone)}
            {...phoneForm.register('phone')}
          />
          <Button type="submit" className="w-full" loading={sendCode.isPending} disabled={countdown.remaining > 0}>
            <Send className="size-4 rtl:-scale-x-100" aria-hidden />
            {t('auth.sendCode')}
            {countdown.remaining > 0 && <span className="tabular-nums">({formatCountdown(countdown.remaining, lang)})</span>}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={onReset} className="mt-5 space-y-4">
          <TextField
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            dir="ltr"
            autoFocus
            className="tracking-[0.4em]"
            hint={t('auth.codeHint')}
            error={fieldError(codeForm.formState.errors.code)}
            disabled={done}
            {...codeField}
            onChange={(e) => {
              e.target.value = sanitizeCode(e.target.value);
              void codeField.onChange(e);
            }}
          />
          <PasswordField
            label={t('fields.newPassword')}
            autoComplete="new-password"
            error={fieldError(codeForm.formState.errors.newPassword)}
            disabled={done}
            {...codeForm.register('newPassword')}
          />
          <PasswordField
            label={t('fields.confirmNewPassword')}
            autoComplete="new-password"
            error={fieldError(codeForm.formState.errors.confirmPassword)}
            disabled={done}
            {...codeForm.register('confirmPassword')}
          />
          <p
            aria-live="polite"
            data-testid="password-hint"
            className={cn(
              'flex min-h-5 items-center gap-1.5 text-sm',
              hint === 'match' ? 'text-success' : 'text-danger',
            )}
          >
            {hint === 'match' && <CheckCircle2 className="size-4" aria-hidden />}
            {(hint === 'tooShort' || hint === 'mismatch') && <XCircle className="size-4" aria-hidden />}
            {hint && t(hintText[hint])}
          </p>
          <Button type="submit" className="w-full" disabled={!valid || done} loading={reset.isPending}>
            <KeyRound className="size-4" aria-hidden />
            {t('auth.forgot.submit')}
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button variant="ghost" onClick={back} disabled={reset.isPending || done}>
              <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
              {t('common.back')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => send(phone, true)}
              disabled={countdown.remaining > 0 || done}
              loading={sendCode.isPending}
            >
              <RotateCw className="size-4" aria-hidden />
              {countdown.remaining > 0
                ? t('auth.resendIn', { time: formatCountdown(countdown.remaining, lang) })
                : t('auth.resendCode')}
            </Button>
          </div>
        </form>
      )}

      <p className="mt-6 text-center text-sm">
        <Link to={paths.login.path} className="font-medium text-link hover:underline">
          {t('auth.forgot.backToLogin')}
        </Link>
      </p>
    </>
  );
}
