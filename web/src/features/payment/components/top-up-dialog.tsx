import { useState, type ComponentProps } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Lock, ShieldCheck, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, IconButton } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/cn';
import { formatDigits, formatMoney, parseAmount } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import { DIALOG_PRESETS, MIN_TOPUP } from '../amounts';
import { goToGateway, MissingAuthorityError, useStartPayment } from '../api/request-payment';
import { amountError, canConfirm, contactFor, MAX_DESCRIPTION, profileContactComplete, type ContactMode } from '../schemas';
import { AmountField } from './amount-field';

/** TopUpIntent opens the top-up: with an amount, that amount is locked. */
export type TopUpIntent = { amount?: number; description?: string };

type Values = { amount: string; description: string; mode: ContactMode; email: string; mobile: string };

/** TopUpDialog is the top-up modal: presets or a locked amount, the payer's
 * contact (the profile's, or typed), then the gateway. */
export function TopUpDialog({ intent, onClose }: { intent: TopUpIntent | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog.Root open={intent !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="z-fade fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          dir={i18n.dir()}
          className="z-fade fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-5 shadow-xl focus:outline-none sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-xl font-bold">{t('payment.dialog.title')}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">{t('payment.dialog.subtitle')}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <IconButton label={t('payment.dialog.close')} className="-me-2 -mt-1 shrink-0">
                <X className="size-5" aria-hidden />
              </IconButton>
            </Dialog.Close>
          </div>
          {intent && <TopUpForm intent={intent} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TopUpForm({ intent }: { intent: TopUpIntent }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fieldError = useFieldError();
  const { user } = useAuth();
  const profile = user ? { email: user.email, phone: user.phone } : null;
  const locked = intent.amount !== undefined;
  const start = useStartPayment();
  const [banner, setBanner] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const form = useForm<Values>({
    defaultValues: {
      amount: locked ? String(intent.amount) : '',
      description: intent.description ?? '',
      mode: profileContactComplete(profile) ? 'profile' : 'custom',
      email: profile?.email ?? '',
      mobile: profile?.phone ?? '',
    },
  });
  const [amount, mode, email, mobile] = useWatch({ control: form.control, name: ['amount', 'mode', 'email', 'mobile'] });
  const busy = start.isPending || leaving;
  const enabled = canConfirm({ loading: busy, amount, mode, profile, typed: { email, mobile } });
  const n = parseAmount(amount);
  const amountProblem = form.formState.touchedFields.amount && amount !== '' ? amountError(amount) : null;

  const onSubmit = form.handleSubmit((v) => {
    const problem = amountError(v.amount);
    if (problem) {
      form.setError('amount', { type: 'client', message: problem });
      return;
    }
    setBanner(null);
    const contact = contactFor(v.mode, profile, { email: v.email, mobile: v.mobile });
    start.mutate(
      { amount: parseAmount(v.amount)!, description: v.description, ...contact },
      {
        onSuccess: ({ url }) => {
          setLeaving(true);
          goToGateway(url);
        },
        onError: (err) => {
          if (err instanceof MissingAuthorityError) {
            setBanner(t('payment.dialog.missingAuthority'));
            return;
          }
          const fields: Partial<Record<string, keyof Values>> =
            v.mode === 'custom' ? { amount: 'amount', description: 'description', email: 'email', mobile: 'mobile' } : { amount: 'amount', description: 'description' };
          const rest = applyFieldErrors(err, form.setError, fields);
          if (rest === undefined) setBanner(errorText(err, t, 'payment.dialog.requestFailed'));
          else if (rest) setBanner(rest);
        },
      },
    );
  });

  const profileComplete = profileContactComplete(profile);
  return (
    <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
      {banner && <Alert tone="error">{banner}</Alert>}

      {locked ? (
        <div className="rounded-xl bg-info-bg p-4">
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <Lock className="size-4" aria-hidden />
            {t('payment.dialog.lockedAmount')}
          </p>
          <p className="mt-1 text-2xl font-bold" data-testid="locked-amount">
            {formatMoney(intent.amount!, lang)}
          </p>
          {fieldError(form.formState.errors.amount) && (
            <p className="mt-1 text-sm text-danger">{fieldError(form.formState.errors.amount)}</p>
          )}
        </div>
      ) : (
        <div className="space-y-3">
          <fieldset>
            <legend className="text-sm font-medium">{t('payment.dialog.presets')}</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {DIALOG_PRESETS.map((p) => (
                <button
                  key={p}
                  type="button"
                  aria-pressed={n === p}
                  onClick={() => form.setValue('amount', String(p), { shouldValidate: false, shouldTouch: true })}
                  className={cn(
                    'min-h-11 rounded-lg border px-2 py-2 text-sm font-medium transition-colors',
                    n === p ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface-2 hover:border-primary',
                  )}
                >
                  {formatMoney(p, lang)}
                </button>
              ))}
            </div>
          </fieldset>
          <AmountField
            label={t('payment.fields.amount')}
            value={amount}
            emptyHint={t('payment.custom.minHint', { amount: formatMoney(MIN_TOPUP, lang) })}
            error={fieldError(form.formState.errors.amount) ?? (amountProblem ? t(amountProblem) : undefined)}
            {...form.register('amount', { onChange: () => form.clearErrors('amount') })}
          />
        </div>
      )}

      <TextArea
        label={t('payment.fields.description')}
        optional
        maxLength={MAX_DESCRIPTION}
        className="min-h-16"
        error={fieldError(form.formState.errors.description)}
        {...form.register('description')}
      />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t('payment.dialog.contact')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <ModeOption value="profile" label={t('payment.dialog.useProfile')} {...form.register('mode')} />
          <ModeOption value="custom" label={t('payment.dialog.useCustom')} {...form.register('mode')} />
        </div>
        {mode === 'profile' ? (
          <div className="rounded-lg border border-line bg-surface-2 p-3 text-sm">
            <dl className="space-y-1">
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted">{t('fields.email')}</dt>
                <dd dir="ltr">{profile?.email || t('payment.dialog.notSet')}</dd>
              </div>
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted">{t('fields.phone')}</dt>
                <dd dir="ltr">{profile?.phone ? formatDigits(profile.phone, lang) : t('payment.dialog.notSet')}</dd>
              </div>
            </dl>
            {!profileComplete && <p className="mt-2 text-danger">{t('payment.dialog.profileIncomplete')}</p>}
          </div>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              dir="ltr"
              error={fieldError(form.formState.errors.email)}
              {...form.register('email')}
            />
            <TextField
              label={t('fields.phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              placeholder="09121234567"
              error={fieldError(form.formState.errors.mobile)}
              {...form.register('mobile')}
            />
          </div>
        )}
      </fieldset>

      <p className="flex items-center gap-1.5 text-xs text-muted">
        <ShieldCheck className="size-4 shrink-0" aria-hidden />
        {t('payment.dialog.gatewayNote')}
      </p>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={leaving}>
            {t('payment.dialog.cancel')}
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={!enabled} loading={busy}>
          {leaving
            ? t('payment.dialog.redirecting')
            : n !== null && amountError(amount) === null
              ? t('payment.dialog.payAmount', { amount: formatMoney(n, lang) })
              : t('payment.dialog.pay')}
        </Button>
      </div>
    </form>
  );
}

type ModeOptionProps = ComponentProps<'input'> & { label: string; value: ContactMode };

function ModeOption({ label, ...rest }: ModeOptionProps) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-info-bg">
      <input type="radio" className="size-4 accent-primary" {...rest} />
      {label}
    </label>
  );
}
