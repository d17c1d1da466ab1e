import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ChevronLeft, ChevronRight, CalendarDays, UserRound } from 'lucide-react';
import { Button, IconButton } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatClock, formatDayMonth, formatNumber, formatWeekday } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import {
  CELL_DURATIONS,
  MAX_WEEK,
  dayCells,
  dayOfWeek,
  type Cell,
  type CellDuration,
  type ExistingSlot,
} from '../calendar';
import { useWeekNavigation } from '../hooks/use-week-navigation';

type WeekCalendarProps = {
  /** The 7 dates of the week shown. */
  days: string[];
  today: string;
  tz: string;
  week: number;
  onWeek: (week: number) => void;
  duration: CellDuration;
  onDuration: (d: CellDuration) => void;
  existing: readonly ExistingSlot[];
  /** Chosen cells by start instant. */
  selected: ReadonlySet<number>;
  onToggle: (cell: Cell) => void;
  now: number;
};

// Cells before this hour are scrolled past when a day is shown, so the
// working day is in view first.
const FIRST_HOUR_IN_VIEW = 8;

/** WeekCalendar is the teacher's week of cells: one column per day, cells of
 * 30 or 60 minutes from midnight. Past cells are hidden, existing slots are
 * shown but cannot be chosen (green, or blue once past), chosen cells are
 * blue. Weeks 0 to 7 are reached by the arrows, the mouse wheel, a swipe or
 * the arrow keys. */
export function WeekCalendar({
  days,
  today,
  tz,
  week,
  onWeek,
  duration,
  onDuration,
  existing,
  selected,
  onToggle,
  now,
}: WeekCalendarProps) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const rtl = i18n.dir() === 'rtl';
  const slideRef = useRef<HTMLDivElement>(null);
  const { step, go, handlers } = useWeekNavigation({ week, onWeek, rtl, slideRef });
  const headingId = useId();
  const durationName = useId();

  const columns = useMemo(
    () => days.map((date) => ({ date, cells: dayCells(date, duration, tz, existing, selected, now) })),
    [days, duration, tz, existing, selected, now],
  );

  const range = t('availability.calendar.range', {
    from: formatDayMonth(days[0]!, lang),
    to: formatDayMonth(days[6]!, lang),
  });

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {t('availability.calendar.title')}
        </h2>
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">{t('availability.calendar.duration')}</legend>
          <span aria-hidden className="text-sm text-muted">
            {t('availability.calendar.duration')}
          </span>
          <div className="flex gap-1 rounded-xl bg-surface-2 p-1">
            {CELL_DURATIONS.map((d) => (
              <label
                key={d}
                className={cn(
                  'cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  d === duration ? 'bg-primary text-on-primary' : 'text-muted hover:text-fg',
                )}
              >
                <input
                  type="radio"
                  name={durationName}
                  value={d}
                  checked={d === duration}
                  onChange={() => onDuration(d)}
                  className="sr-only"
                />
                {t('availability.minutes', { n: formatNumber(d, lang) })}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="mt-4 flex items-center justify-between gap-2">
        <IconButton
          label={t('availability.calendar.previous')}
          disabled={week <= 0}
          onClick={() => step(-1)}
          className="disabled:opacity-40"
        >
          <ChevronRight className="size-5 ltr:-scale-x-100" aria-hidden />
        </IconButton>
        <div className="flex min-w-0 flex-col items-center gap-0.5 text-center">
          <p className="text-sm font-semibold" aria-live="polite">
            {range}
          </p>
          <p className="text-xs text-muted">
            {t('availability.calendar.weekOf', { n: formatNumber(week + 1, lang), total: formatNumber(MAX_WEEK + 1, lang) })}
          </p>
        </div>
        <IconButton
          label={t('availability.calendar.next')}
          disabled={week >= MAX_WEEK}
          onClick={() => step(1)}
          className="disabled:opacity-40"
        >
          <ChevronLeft className="size-5 ltr:-scale-x-100" aria-hidden />
        </IconButton>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <Legend />
        <Button variant="secondary" className="min-h-9 py-1" disabled={week === 0} onClick={() => go(0)}>
          <CalendarDays className="size-4" aria-hidden />
          {t('availability.calendar.thisWeek')}
        </Button>
      </div>

      <div
        role="group"
        aria-label={t('availability.calendar.gridLabel', { range })}
        aria-describedby={`${headingId}-hint`}
        className="mt-4 touch-pan-y overflow-hidden"
        {...handlers}
      >
        <p id={`${headingId}-hint`} className="sr-only">
          {t('availability.calendar.keysHint')}
        </p>
        <div ref={slideRef} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
          {columns.map(({ date, cells }) => (
            <DayColumn
              key={`${date}-${duration}`}
              date={date}
              today={date === today}
              cells={cells}
              tz={tz}
              onToggle={onToggle}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

function Legend() {
  const { t } = useTranslation();
  const item = (cls: string, label: string) => (
    <li className="flex items-center gap-1.5">
      <span aria-hidden className={cn('inline-block size-3 rounded-sm border', cls)} />
      {label}
    </li>
  );
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label={t('availability.calendar.legend')}>
      {item('border-line bg-surface', t('availability.calendar.legendFree'))}
      {item('border-primary bg-primary', t('availability.calendar.legendSelected'))}
      {item('border-success/40 bg-success-bg', t('availability.calendar.legendExisting'))}
      {item('border-sky-500/40 bg-sky-100 dark:bg-sky-950', t('availability.calendar.legendPast'))}
    </ul>
  );
}

type DayColumnProps = {
  date: string;
  today: boolean;
  cells: Cell[];
  tz: string;
  onToggle: (cell: Cell) => void;
};

function DayColumn({ date, today, cells, tz, onToggle }: DayColumnProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const listRef = useRef<HTMLUListElement>(null);
  const dayName = `${formatWeekday(dayOfWeek(date), lang)} ${formatDayMonth(date, lang)}`;
  const shortName = `${formatWeekday(dayOfWeek(date), lang, 'short')} ${formatDayMonth(date, lang)}`;

  const anchorIndex = useMemo(() => {
    const i = cells.findIndex(
      (c) => c.state === 'existing' || c.state === 'existingPast' || hourIn(c.start, tz) >= FIRST_HOUR_IN_VIEW,
    );
    return i;
  }, [cells, tz]);

  // Bring the working day into view: scroll to the first cell at or after
  // 08:00, or to the first existing slot if one comes earlier.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const anchor = list.querySelector<HTMLElement>('[data-anchor="true"]');
    if (!anchor) return;
    list.scrollTop += anchor.getBoundingClientRect().top - list.getBoundingClientRect().top - 8;
  }, [date, anchorIndex]);

  return (
    <div
      className={cn('flex min-w-0 flex-col rounded-xl border bg-bg/40', today ? 'border-primary/60' : 'border-line')}
    >
      <h3 className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-line px-3 py-2 text-sm font-semibold">
        <span aria-hidden>{shortName}</span>
        <span className="sr-only">{dayName}</span>
        {today && (
          <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-on-primary">
            {t('availability.calendar.today')}
          </span>
        )}
      </h3>
      {cells.length === 0 ? (
        <p className="px-3 py-2 text-center text-xs text-muted">{t('availability.calendar.dayOver')}</p>
      ) : (
        <ul
          ref={listRef}
          tabIndex={0}
          aria-label={dayName}
          className="grid max-h-56 grid-cols-3 gap-1.5 overflow-y-auto p-2 sm:max-h-72 lg:grid-cols-2 xl:grid-cols-1"
        >
          {cells.map((c, i) => (
            <li key={c.start} data-anchor={i === anchorIndex ? 'true' : undefined}>
              <CellView cell={c} tz={tz} dayName={dayName} onToggle={onToggle} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
function hourIn(instant: number, tz: string): number {
  let f = hourFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(tz, f);
  }
  return Number(f.format(instant)) % 24;
}

function CellView({ cell, tz, dayName, onToggle }: { cell: Cell; tz: string; dayName: string; onToggle: (c: Cell) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const start = formatClock(cell.start, lang, tz);
  const end = formatClock(cell.end, lang, tz);
  const base = 'flex min-h-9 w-full items-center justify-center gap-1 rounded-lg border px-2 py-1 text-sm tabular-nums';

  if (cell.state === 'existing' || cell.state === 'existingPast') {
    const past = cell.state === 'existingPast';
    const status = cell.slot?.booked
      ? t('availability.calendar.cellBooked')
      : past
        ? t('availability.calendar.cellPast')
        : t('availability.calendar.cellExisting');
    return (
      <div
        className={cn(
          base,
          past
            ? 'border-sky-500/40 bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200'
            : 'border-success/40 bg-success-bg text-success',
        )}
        title={`${start} – ${end} · ${status}`}
      >
        {cell.slot?.booked ? <UserRound className="size-3.5 shrink-0" aria-hidden /> : <Check className="size-3.5 shrink-0" aria-hidden />}
        <span>{start}</span>
        <span className="sr-only">
          {' – '}
          {end}, {status}
        </span>
      </div>
    );
  }

  const selected = cell.state === 'selected';
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={t('availability.calendar.cellLabel', { day: dayName, from: start, to: end })}
      onClick={() => onToggle(cell)}
      className={cn(
        base,
        'font-medium transition-colors',
        selected
          ? 'border-primary bg-primary text-on-primary hover:bg-primary-hover'
          : 'border-line bg-surface text-fg hover:border-primary/60 hover:bg-surface-2',
      )}
    >
      {selected && <Check className="size-3.5 shrink-0" aria-hidden />}
      {start}
    </button>
  );
}
