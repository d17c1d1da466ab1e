import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayMonth, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { ProgressWeek } from '../api/get-progress';

const W = 320;
const H = 150;
const TOP = 18;
const BOTTOM = 26;
const SIDE = 8;

/** WeeklyChart draws classes done per week as bars in plain SVG, oldest
 * first in reading order (so from the right in RTL). The figures are also in
 * a table for screen readers. */
export function WeeklyChart({ weeks }: { weeks: ProgressWeek[] }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const rtl = i18n.dir() === 'rtl';
  const max = Math.max(1, ...weeks.map((w) => w.lessons));
  const n = Math.max(weeks.length, 1);
  const slot = (W - SIDE * 2) / n;
  const barW = Math.min(28, slot * 0.6);
  const plotH = H - TOP - BOTTOM;
  const total = weeks.reduce((s, w) => s + w.lessons, 0);

  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full overflow-visible"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{t('progress.chart.label', { total: formatNumber(total, lang), weeks: formatNumber(weeks.length, lang) })}</title>
        <line x1={SIDE} x2={W - SIDE} y1={TOP + plotH + 0.5} y2={TOP + plotH + 0.5} className="stroke-line" strokeWidth={1} />
        {weeks.map((w, i) => {
          const pos = rtl ? n - 1 - i : i;
          const cx = SIDE + slot * pos + slot / 2;
          const h = (w.lessons / max) * plotH;
          const current = i === weeks.length - 1;
          return (
            <g key={w.start}>
              {w.lessons > 0 ? (
                <rect
                  x={cx - barW / 2}
                  y={TOP + plotH - h}
                  width={barW}
                  height={h}
                  rx={4}
                  className={current ? 'fill-primary' : 'fill-primary/60'}
                />
              ) : (
                <rect x={cx - barW / 2} y={TOP + plotH - 2} width={barW} height={2} rx={1} className="fill-line" />
              )}
              {w.lessons > 0 && (
                <text x={cx} y={TOP + plotH - h - 5} textAnchor="middle" className="fill-fg text-[11px] font-semibold">
                  {formatNumber(w.lessons, lang)}
                </text>
              )}
              <text x={cx} y={H - 8} textAnchor="middle" className={current ? 'fill-fg text-[9px] font-semibold' : 'fill-muted text-[9px]'}>
                {formatDayMonth(w.start, lang)}
              </text>
            </g>
          );
        })}
      </svg>
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
