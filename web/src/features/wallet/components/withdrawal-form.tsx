import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Landmark } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { NumberField } from '@/components/ui/number-field';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { formatMoney, parseAmount } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { MIN_WITHDRAWAL, withdrawalSchema, type WithdrawalValues } from '../schemas';

type Banner = { tone: 'error' | 'success'; text: string };

/** WithdrawalForm asks to be paid earnings to a bank account: an amount and
 * an IBAN (Sheba). The server's messages show next to the fields. */
export function WithdrawalForm({ balance }: { balance: number | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fieldError = useFieldError();
  const [banner, setBanner] = useState<Banner | null>(null);
  const mutation = useRequestWithdrawal();
  const form = useForm<WithdrawalValues>({
    resolver: zodResolver(withdrawalSchema),
    defaultValues: { amount: '', iban: '' },
    mode: 'onTouched',
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const n = parseAmount(amount);

  const submit = form.handleSubmit((v) => {
    setBanner(null);
    mutation.mutate(
      { amount: parseAmount(v.amount)!, iban: v.iban },
      {
        onSuccess: (w) => {
          form.reset({ amount: '', iban: '' });
          setBanner({ tone: 'success', text: t('wallet.withdraw.success', { amount: formatMoney(w.amount, lang) }) });
        },
        onError: (err) => {
          const rest = applyFieldErrors(err, form.setError, { amount: 'amount', iban: 'iban' });
          if (rest === undefined) setBanner({ tone: 'error', text: errorText(err, t, 'wallet.withdraw.failed') });
          else if (rest) setBanner({ tone: 'error', text: rest });
        },
      },
    );
  });

  return (
    <section aria-labelledby="withdraw-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="withdraw-title" className="flex items-center gap-2 text-lg font-semibold">
        <Landmark className="size-5 text-primary" aria-hidden />
        {t('wallet.withdraw.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('wallet.withdraw.subtitle')}</p>
      {banner && (
        <Alert tone={banner.tone} className="mt-4">
          {banner.text}
        </Alert>
      )}
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <NumberField
          label={t('wallet.withdraw.amount')}
          hint={
            n !== null && n > 0
              ? formatMoney(n, lang)
              : t('wallet.withdraw.minHint', { amount: formatMoney(MIN_WITHDRAWAL, lang) })
          }
          error={fieldError(form.formState.errors.amount)}
          end={
            balance !== undefined && balance > 0 ? (
              <button
                type="button"
                onClick={() => form.setValue('amount', String(balance), { shouldValidate: true })}
                className="rounded-md px-2 py-1 text-xs font-medium text-link hover:underline"
              >
                {t('wallet.withdraw.all')}
              </button>
            ) : undefined
          }
          {...form.register('amount')}
        />
        <TextField
          label={t('wallet.withdraw.iban')}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder="IR000000000000000000000000"
          hint={t('wallet.withdraw.ibanHint')}
          error={fieldError(form.formState.errors.iban)}
          {...form.register('iban')}
        />
        <Button type="submit" className="w-full" loading={mutation.isPending}>
          {t('wallet.withdraw.submit')}
        </Button>
      </form>
    </section>
  );
}
