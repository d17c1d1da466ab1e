import { useTranslation } from 'react-i18next';
import { Receipt } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatDate, formatSignedMoney, formatTime } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { Role } from '@/lib/auth/user';
import { useTransactions, type WalletTransaction } from '../api/get-transactions';
import { describe, statusLabel, transactionType, typeIcon, typeLabel } from '../transactions';

/** TransactionList shows the wallet's transactions, newest first: an icon
 * and name per type, the description and date, the status when it is not
 * simply completed, and the amount, green with a plus sign into the wallet,
 * red out of it. Loading, error (with retry) and empty states included. */
export function TransactionList({ role, id }: { role: Role; id?: string }) {
  const { t } = useTranslation();
  const q = useTransactions(role);
  if (q.isPending) {
    return (
      <div id={id} className="flex justify-center py-10 text-primary">
        <Spinner className="size-8 border-4" label={t('common.loading')} />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div id={id}>
        <ErrorBanner onRetry={() => void q.refetch()}>{errorText(q.error, t, 'wallet.transactions.loadFailed')}</ErrorBanner>
      </div>
    );
  }
  if (q.data.length === 0) {
    return (
      <div id={id} className="flex flex-col items-center gap-2 py-10 text-center text-muted">
        <Receipt className="size-10" aria-hidden />
        <p>{role === 'teacher' ? t('wallet.transactions.emptyTeacher') : t('wallet.transactions.empty')}</p>
      </div>
    );
  }
  return (
    <ul id={id} className="divide-y divide-line" aria-label={t('wallet.transactions.title')}>
      {q.data.map((tx) => (
        <TransactionRow key={tx.id} tx={tx} />
      ))}
    </ul>
  );
}

function TransactionRow({ tx }: { tx: WalletTransaction }) {
  const { t } = useTranslation();
  const lang = useLang();
  const type = transactionType(tx);
  const Icon = typeIcon[type];
  const positive = tx.amount > 0;
  const text = describe(tx, t, lang);
  return (
    <li className="flex items-center gap-3 py-3" data-testid="transaction">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          positive ? 'bg-success-bg text-success' : 'bg-danger-bg text-danger',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          {t(typeLabel[type])}
          {tx.status !== 'completed' && (
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-medium',
                tx.status === 'rejected' ? 'bg-danger-bg text-danger' : tx.status === 'paid' ? 'bg-success-bg text-success' : 'bg-info-bg text-fg',
              )}
            >
              {t(statusLabel[tx.status])}
            </span>
          )}
        </p>
        {text && (
          <p className="truncate text-sm text-muted">
            <bdi>{text}</bdi>
          </p>
        )}
        <p className="text-xs text-muted">
          <time dateTime={tx.created_at}>
            {formatDate(tx.created_at || tx.date, lang)}
            {lang === 'fa' ? '، ' : ', '}
            {formatTime(tx.created_at || tx.date, lang)}
          </time>
        </p>
      </div>
      <p className={cn('shrink-0 font-semibold tabular-nums', positive ? 'text-success' : 'text-danger')} data-testid="transaction-amount">
        {formatSignedMoney(tx.amount, lang)}
      </p>
    </li>
  );
}
