import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Undo2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorText } from '@/lib/api/error-text';
import { ApiError } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { formatDateTime, formatIban, formatMoney } from '@/lib/format';
import { msg, type TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { useWalletBalance } from '@/lib/auth/get-profile';
import { useRefunds, useRequestRefund, type Refund } from '../api/refund';

const statusText: Record<Refund['status'], TKey> = {
  pending: msg('wallet.status.pending'),
  paid: msg('wallet.status.paid'),
  rejected: msg('wallet.status.rejected'),
};

const statusTone: Record<Refund['status'], string> = {
  pending: 'bg-info-bg text-fg',
  paid: 'bg-success-bg text-success',
  rejected: 'bg-danger-bg text-danger',
};

/** RefundCard lets a student with money in the wallet ask for all of it back
 * to their bank account (an IBAN), as before deleting their account, and
 * lists the refunds asked. Operators pay it like a withdrawal. */
export function RefundCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const balance = useWalletBalance();
  const refunds = useRefunds();
  const refund = useRequestRefund();
  const [iban, setIban] = useState('');
  const [ibanError, setIbanError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const amount = balance.data ?? 0;
  const list = refunds.data ?? [];
  if (amount <= 0 && list.length === 0) return null;

  const ask = () => {
    setDone(null);
    setError(null);
    if (iban.trim() === '') {
      setIbanError(t('wallet.validation.ibanRequired'));
      return;
    }
    setIbanError(undefined);
    setConfirming(true);
  };
  const confirm = () =>
    refund.mutate(iban, {
      onSuccess: (r) => {
        setConfirming(false);
        setIban('');
        setDone(t('wallet.refund.requested', { amount: formatMoney(r.amount, lang) }));
      },
      onError: (err) => {
        setConfirming(false);
        const mine = err instanceof ApiError ? err.fields.iban : undefined;
        if (mine) setIbanError(mine.join(' '));
        else setError(errorText(err, t, 'wallet.refund.failed'));
      },
    });

  return (
    <section aria-labelledby="refund-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="refund-title" className="flex items-center gap-2 text-lg font-semibold">
        <Undo2 className="size-5 text-primary" aria-hidden />
        {t('wallet.refund.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('wallet.refund.subtitle')}</p>
      <div aria-live="polite" className="mt-3 space-y-2">
        {error && <Alert tone="error">{error}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
      </div>
      {amount > 0 && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            ask();
          }}
          className="mt-3 space-y-4"
        >
          <TextField
            label={t('wallet.withdraw.iban')}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder="IR000000000000000000000000"
            hint={t('wallet.withdraw.ibanHint')}
            value={iban}
            error={ibanError}
            onChange={(e) => setIban(e.target.value)}
          />
          <Button type="submit" variant="secondary" className="w-full">
            {t('wallet.refund.submit', { amount: formatMoney(amount, lang) })}
          </Button>
        </form>
      )}
      {list.length > 0 && (
        <ul className="mt-4 divide-y divide-line border-t border-line" aria-label={t('wallet.refund.list')}>
          {list.map((r) => (
            <li key={r.id} className="py-3 text-sm" data-testid="refund">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold tabular-nums">{formatMoney(r.amount, lang)}</span>
                <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', statusTone[r.status])}>{t(statusText[r.status])}</span>
              </div>
              <p className="mt-1 break-all text-xs text-muted">
                <bdi dir="ltr">{formatIban(r.iban)}</bdi>
                {' · '}
                {formatDateTime(r.created_at, lang)}
              </p>
              {r.status === 'paid' && r.reference && (
                <p className="mt-1 text-xs">
                  {t('wallet.withdrawals.reference')} <bdi dir="ltr" className="font-mono">{r.reference}</bdi>
                </p>
              )}
              {r.status === 'rejected' && r.reason && (
                <p className="mt-1 text-xs text-danger">
                  {t('wallet.withdrawals.reason')} <bdi>{r.reason}</bdi>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('wallet.refund.confirmTitle', { amount: formatMoney(amount, lang) })}
        body={
          <>
            {t('wallet.refund.confirmBody')}
            <bdi dir="ltr" className="mt-1 block whitespace-nowrap font-mono text-fg ltr:text-left rtl:text-right">
              {formatIban(iban.replace(/\s/g, ''))}
            </bdi>
          </>
        }
        confirmLabel={t('wallet.refund.confirm')}
        cancelLabel={t('wallet.refund.cancel')}
        loading={refund.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
