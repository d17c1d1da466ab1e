import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarRange, GraduationCap, Hourglass, TrendingUp, Wallet } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageHeading } from '@/components/ui/page-heading';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { formatMoney, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useWalletSummary } from '../api/get-wallet-summary';
import { TransactionList } from './transaction-list';
import { WithdrawalForm } from './withdrawal-form';
import { WithdrawalList } from './withdrawal-list';

/** TeacherWallet is the teacher's earnings: the balance they can withdraw,
 * their figures, their transactions, and withdrawals. Each part loads and
 * fails on its own. */
export function TeacherWallet() {
  const { t } = useTranslation();
  const lang = useLang();
  const summary = useWalletSummary();
  const s = summary.data;
  const money = (n: number | undefined) => (n === undefined ? '…' : formatMoney(n, lang));
  return (
    <>
      <PageHeading description={t('wallet.teacher.subtitle')}>{t('pages.teacherWallet')}</PageHeading>

      <section aria-labelledby="teacher-balance-title" className="rounded-2xl bg-primary p-5 text-on-primary shadow-sm sm:p-6">
        <h2 id="teacher-balance-title" className="flex items-center gap-2 text-sm font-medium text-on-primary/90">
          <Wallet className="size-5" aria-hidden />
          {t('wallet.teacher.balance')}
        </h2>
        <div className="mt-3 min-h-10" aria-live="polite">
          {summary.isPending ? (
            <Spinner className="size-7 border-4" label={t('common.loading')} />
          ) : s ? (
            <p className="text-3xl font-bold tabular-nums sm:text-4xl" data-testid="wallet-balance">
              {formatMoney(s.balance, lang)}
            </p>
          ) : null}
        </div>
      </section>

      {summary.isError && (
        <ErrorBanner className="mt-4" onRetry={() => void summary.refetch()}>
          {errorText(summary.error, t, 'wallet.teacher.summaryFailed')}
        </ErrorBanner>
      )}

      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4 [&>div]:min-w-0">
        <Stat icon={<GraduationCap className="size-5" aria-hidden />} label={t('wallet.teacher.totalClasses')}>
          {s ? formatNumber(s.total_classes, lang) : '…'}
        </Stat>
        <Stat icon={<CalendarRange className="size-5" aria-hidden />} label={t('wallet.teacher.thisMonth')}>
          {money(s?.this_month_earnings)}
        </Stat>
        <Stat icon={<Hourglass className="size-5" aria-hidden />} label={t('wallet.teacher.pendingWithdrawals')}>
          {money(s?.pending_withdrawals)}
        </Stat>
        <Stat icon={<TrendingUp className="size-5" aria-hidden />} label={t('wallet.teacher.totalEarnings')}>
          {money(s?.total_earnings)}
        </Stat>
      </dl>

      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <section aria-labelledby="teacher-tx-title" className="min-w-0 rounded-2xl border border-line bg-surface p-5 lg:col-span-3">
          <h2 id="teacher-tx-title" className="text-lg font-semibold">
            {t('wallet.transactions.title')}
          </h2>
          <TransactionList role="teacher" />
        </section>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <WithdrawalForm balance={s?.balance} />
          <WithdrawalList />
        </div>
      </div>
    </>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <dt className="flex items-center gap-2 text-xs font-medium text-muted sm:text-sm">
        <span className="text-primary">{icon}</span>
        {label}
      </dt>
      <dd className="mt-2 text-lg font-bold tabular-nums sm:text-xl">{children}</dd>
    </div>
  );
}
