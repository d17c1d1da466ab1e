import { useTranslation } from 'react-i18next';
import { Zap } from 'lucide-react';
import { formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { PAGE_AMOUNTS } from '../amounts';

/** QuickAmounts offers the wallet page's ready amounts; choosing one opens
 * the top-up with that amount. */
export function QuickAmounts({ onPick }: { onPick: (amount: number) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section aria-labelledby="quick-amounts-title" className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex items-center gap-2">
        <Zap className="size-5 text-primary" aria-hidden />
        <h2 id="quick-amounts-title" className="text-lg font-semibold">
          {t('payment.quick.title')}
        </h2>
      </div>
      <p className="mt-1 text-sm text-muted">{t('payment.quick.subtitle')}</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-3">
        {PAGE_AMOUNTS.map((a) => (
          <li key={a}>
            <button
              type="button"
              onClick={() => onPick(a)}
              aria-label={t('payment.quick.topUpBy', { amount: formatMoney(a, lang) })}
              className="flex min-h-14 w-full items-center justify-center rounded-xl border border-line bg-surface-2 px-3 py-3 text-base font-semibold text-fg transition-colors hover:border-primary hover:bg-info-bg"
            >
              {formatMoney(a, lang)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
