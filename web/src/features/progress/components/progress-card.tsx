import { useTranslation } from 'react-i18next';
import { TrendingUp } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber, formatPercent } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useProgress } from '../api/get-progress';
import { levelNameKey } from '../levels';

/** ProgressCard is the student-only summary in the sidebar: the same figures
 * as the dashboard, from GET /api/student/progress/ (never sample numbers). */
export function ProgressCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const progress = useProgress();
  const p = progress.data;
  const percent = formatPercent(p?.progress ?? 0, lang);
  const nameKey = levelNameKey(p?.currentLevel);
  const level = p?.currentLevel ? (nameKey ? t(nameKey) : p.currentLevel) : t('progress.noLevel');
  // While loading, figures read as an ellipsis rather than a zero that is not known yet.
  const shown = (s: string) => (p ? s : '…');
  return (
    <section aria-labelledby="progress-card-title" aria-busy={progress.isPending || undefined} className="rounded-xl border border-line bg-surface-2 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="progress-card-title" className="text-sm font-semibold">
          {t('progress.title')}
        </h2>
        {progress.isPending ? <Spinner className="size-4 text-muted" /> : <TrendingUp className="size-4 text-muted" aria-hidden />}
      </div>
      {progress.isError ? (
        <div className="mt-3 text-sm">
          <p className="text-danger">{t('progress.loadFailed')}</p>
          <button
            type="button"
            onClick={() => void progress.refetch()}
            className="mt-1 font-medium text-link underline-offset-2 hover:underline"
          >
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          <dl className="mt-3 space-y-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <dt className="text-muted">{t('progress.level')}</dt>
              <dd className="font-medium">{shown(level)}</dd>
            </div>
            <div className="flex items-center justify-between gap-2">
              <dt className="text-muted">{t('progress.progress')}</dt>
              <dd className="font-medium">{shown(percent)}</dd>
            </div>
          </dl>
          <div
            role="progressbar"
            aria-label={t('progress.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={p?.progress ?? 0}
            aria-valuetext={percent}
            className="mt-2 h-2 overflow-hidden rounded-full bg-line"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${p?.progress ?? 0}%` }} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-center text-sm">
            <div className="rounded-lg bg-surface px-2 py-2">
              <dt className="text-xs text-muted">{t('progress.lessons')}</dt>
              <dd className="mt-0.5 font-semibold">{shown(formatNumber(p?.lessons ?? 0, lang))}</dd>
            </div>
            <div className="rounded-lg bg-surface px-2 py-2">
              <dt className="text-xs text-muted">{t('progress.exams')}</dt>
              <dd className="mt-0.5 font-semibold">{shown(formatNumber(p?.exams ?? 0, lang))}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
