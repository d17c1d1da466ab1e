import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Languages, Wallet } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatMoney, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useWalletBalance } from '@/lib/auth/get-profile';

/** QuickStats shows the wallet credit and how many languages the student learns. */
export function QuickStats({ languages }: { languages: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const credit = useWalletBalance();
  return (
    <section aria-labelledby="quick-stats-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="quick-stats-title" className="font-semibold">
        {t('profile.stats.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-xl bg-surface-2 p-3">
          <dt className="flex items-center gap-1.5 text-xs text-muted">
            <Wallet className="size-4" aria-hidden />
            {t('profile.stats.credit')}
          </dt>
          <dd className="mt-1 font-bold">
            {credit.isPending ? (
              <Spinner className="size-4" label={t('common.loading')} />
            ) : credit.isError ? (
              <span className="font-normal text-muted">{t('profile.stats.creditUnknown')}</span>
            ) : (
              formatMoney(credit.data ?? 0, lang)
            )}
          </dd>
        </div>
        <div className="rounded-xl bg-surface-2 p-3">
          <dt className="flex items-center gap-1.5 text-xs text-muted">
            <Languages className="size-4" aria-hidden />
            {t('profile.stats.languages')}
          </dt>
          <dd className="mt-1 font-bold">{formatNumber(languages, lang)}</dd>
        </div>
      </dl>
      <Link to={paths.student.wallet.path} className="mt-3 inline-block text-sm font-medium text-link hover:underline">
        {t('profile.stats.topUp')}
      </Link>
    </section>
  );
}
