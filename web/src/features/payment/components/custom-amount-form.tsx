import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { formatMoney, parseAmount } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import { MIN_TOPUP } from '../amounts';
import { customAmountSchema, MAX_DESCRIPTION, type CustomAmountValues } from '../schemas';
import { AmountField } from './amount-field';

/** CustomAmountForm takes an amount of the payer's choice (at least 1,000
 * Toman) and a description, then opens the top-up with them. */
export function CustomAmountForm({ onSubmit }: { onSubmit: (amount: number, description: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fieldError = useFieldError();
  const form = useForm<CustomAmountValues>({
    resolver: zodResolver(customAmountSchema),
    defaultValues: { amount: '', description: '' },
    mode: 'onTouched',
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const submit = form.handleSubmit((v) => onSubmit(parseAmount(v.amount)!, v.description.trim()));
  return (
    <section aria-labelledby="custom-amount-title" className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex items-center gap-2">
        <CreditCard className="size-5 text-primary" aria-hidden />
        <h2 id="custom-amount-title" className="text-lg font-semibold">
          {t('payment.custom.title')}
        </h2>
      </div>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <AmountField
          label={t('payment.fields.amount')}
          value={amount}
          emptyHint={t('payment.custom.minHint', { amount: formatMoney(MIN_TOPUP, lang) })}
          error={fieldError(form.formState.errors.amount)}
          {...form.register('amount')}
        />
        <TextArea
          label={t('payment.fields.description')}
          optional
          maxLength={MAX_DESCRIPTION}
          className="min-h-20"
          error={fieldError(form.formState.errors.description)}
          {...form.register('description')}
        />
        <Button type="submit" className="w-full">
          {t('payment.custom.submit')}
        </Button>
      </form>
    </section>
  );
}
