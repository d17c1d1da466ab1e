import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatDateTime, formatIban, formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { msg, type TKey } from '@/lib/i18n/keys';
import { useWithdrawals, type Withdrawal } from '../api/get-withdrawals';

const statusText: Record<Withdrawal['status'], TKey> = {
  pending: msg('wallet.status.pending'),
  paid: msg('wallet.status.paid'),
  rejected: msg('wallet.status.rejected'),
};

const statusTone: Record<Withdrawal['status'], string> = {
  pending: 'bg-info-bg text-fg',
  paid: 'bg-success-bg text-success',
  rejected: 'bg-danger-bg text-danger',
};

/** WithdrawalList shows the teacher's withdrawals with their status. */
export function WithdrawalList() {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useWithdrawals();
  return (
    <section aria-labelledby="withdrawals-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="withdrawals-title" className="text-lg font-semibold">
        {t('wallet.withdrawals.title')}
      </h2>
      {q.isPending ? (
        <div className="flex justify-center py-6 text-primary">
          <Spinner className="size-7 border-4" label={t('common.loading')} />
        </div>
      ) : q.isError ? (
        <ErrorBanner className="mt-3" onRetry={() => void q.refetch()}>
          {errorText(q.error, t, 'wallet.withdrawals.loadFailed')}
        </ErrorBanner>
      ) : q.data.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('wallet.withdrawals.empty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line" aria-labelledby="withdrawals-title">
          {q.data.map((w) => (
            <li key={w.id} className="py-3" data-testid="withdrawal">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold tabular-nums">{formatMoney(w.amount, lang)}</span>
                <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', statusTone[w.status])}>
                  {t(statusText[w.status])}
                </span>
              </div>
              <p className="mt-1 break-all text-xs text-muted">
                <bdi dir="ltr">{formatIban(w.iban)}</bdi>
              </p>
              <p className="mt-0.5 text-xs text-muted">
                {t('wallet.withdrawals.requested', { date: formatDateTime(w.created_at, lang) })}
                {w.settled_at && (
                  <>
                    {' · '}
                    {t('wallet.withdrawals.settled', { date: formatDateTime(w.settled_at, lang) })}
                  </>
                )}
              </p>
              {w.status === 'paid' && w.reference && (
                <p className="mt-1 text-xs">
                  {t('wallet.withdrawals.reference')}{' '}
                  <bdi dir="ltr" className="font-mono" data-testid="withdrawal-reference">
                    {w.reference}
                  </bdi>
                </p>
              )}
              {w.status === 'rejected' && w.reason && (
                <p className="mt-1 text-xs text-danger">
                  {t('wallet.withdrawals.reason')} <bdi>{w.reason}</bdi>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
