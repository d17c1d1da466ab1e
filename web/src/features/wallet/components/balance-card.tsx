import { useTranslation } from 'react-i18next';
import { Plus, RefreshCw, Wallet } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useWalletBalance } from '@/lib/auth/get-profile';

/** BalanceCard is the student's balance with a refresh button and a top-up button. */
export function BalanceCard({ onTopUp }: { onTopUp: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useWalletBalance();
  const refreshing = q.isFetching;
  return (
    <section
      aria-labelledby="balance-title"
      className="relative overflow-hidden rounded-2xl bg-primary p-5 text-on-primary shadow-sm sm:p-6"
    >
      <div aria-hidden className="pointer-events-none absolute -end-10 -top-10 size-40 rounded-full bg-white/10" />
      <div aria-hidden className="pointer-events-none absolute -bottom-14 end-16 size-32 rounded-full bg-white/5" />
      <div className="relative flex items-start justify-between gap-3">
        <h2 id="balance-title" className="flex items-center gap-2 text-sm font-medium text-on-primary/90">
          <Wallet className="size-5" aria-hidden />
          {t('wallet.balance.title')}
        </h2>
        <button
          type="button"
          onClick={() => void q.refetch()}
          disabled={refreshing}
          aria-label={t('wallet.balance.refresh')}
          title={t('wallet.balance.refresh')}
          className="inline-flex size-10 items-center justify-center rounded-lg text-on-primary transition-colors hover:bg-white/15 focus-visible:outline-white disabled:opacity-70"
        >
          <RefreshCw className={cn('size-5', refreshing && 'animate-spin')} aria-hidden />
        </button>
      </div>
      <div className="relative mt-3 min-h-10" aria-live="polite">
        {q.isPending ? (
          <Spinner className="size-7 border-4" label={t('common.loading')} />
        ) : q.isError ? null : (
          <p className="text-3xl font-bold tabular-nums sm:text-4xl" data-testid="wallet-balance">
            {formatMoney(q.data, lang)}
          </p>
        )}
      </div>
      {q.isError && (
        <Alert tone="error" className="relative mt-3" onRetry={() => void q.refetch()}>
          {errorText(q.error, t, 'wallet.balance.loadFailed')}
        </Alert>
      )}
      <button
        type="button"
        onClick={onTopUp}
        className="relative mt-5 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-primary transition-colors hover:bg-white/90 focus-visible:outline-white"
      >
        <Plus className="size-4" aria-hidden />
        {t('wallet.balance.topUp')}
      </button>
    </section>
  );
}
