import { useTranslation } from 'react-i18next';
import { BarChart3 } from 'lucide-react';
import { formatDayMonth, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { ProgressWeek } from '../api/get-progress';

/** WeeklyChart draws classes done per week as bars, oldest first in reading
 * order (so from the right in RTL). It is HTML, not a scaled SVG, so that its
 * labels keep the text's size (12 px) at any width; narrow columns wrap a date
 * onto two lines. The figures are also in a table for screen readers. With no
 * class done in these weeks it says so instead of drawing empty bars. */
export function WeeklyChart({ weeks }: { weeks: ProgressWeek[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const max = Math.max(1, ...weeks.map((w) => w.lessons));
  const total = weeks.reduce((s, w) => s + w.lessons, 0);

  if (total === 0) {
    return (
      <div className="flex min-h-40 flex-col items-center justify-center rounded-xl border border-dashed border-line p-4 text-center">
        <BarChart3 className="size-8 text-muted" aria-hidden />
        <p className="mt-2 text-sm font-medium">{t('progress.chart.empty')}</p>
        <p className="mt-1 text-xs text-muted">{t('progress.chart.emptyHint')}</p>
      </div>
    );
  }

  return (
    <figure className="m-0">
      <div
        role="img"
        aria-label={t('progress.chart.label', { total: formatNumber(total, lang), weeks: formatNumber(weeks.length, lang) })}
        className="flex items-stretch gap-1 border-b border-line"
      >
        {weeks.map((w, i) => {
          const current = i === weeks.length - 1;
          return (
            <div key={w.start} className="flex h-36 min-w-0 flex-1 flex-col items-center justify-end">
              {w.lessons > 0 && <span className="mb-1 text-xs font-semibold">{formatNumber(w.lessons, lang)}</span>}
              <div
                className={current ? 'w-full max-w-7 rounded-t bg-primary' : 'w-full max-w-7 rounded-t bg-primary/60'}
                style={{ height: w.lessons > 0 ? `${(w.lessons / max) * 100}%` : '2px' }}
              />
            </div>
          );
        })}
      </div>
      <div className="mt-1.5 flex gap-1" aria-hidden>
        {weeks.map((w, i) => (
          <span
            key={w.start}
            className={
              i === weeks.length - 1
                ? 'min-w-0 flex-1 text-center text-xs leading-tight font-semibold'
                : 'min-w-0 flex-1 text-center text-xs leading-tight text-muted'
            }
          >
            {formatDayMonth(w.start, lang)}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{t('progress.chart.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('progress.chart.week')}</th>
            <th scope="col">{t('progress.lessons')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.start}>
              <td>{formatDayMonth(w.start, lang)}</td>
              <td>{formatNumber(w.lessons, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
