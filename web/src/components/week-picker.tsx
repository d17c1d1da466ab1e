import { useTranslation } from 'react-i18next';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button, IconButton } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatClock, formatDayMonth, formatWeekday } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { Slot } from '@/lib/api/slots';
import { MAX_WEEK, dayOfWeek, firstWeekWithSlots, slotsByDate, weekDays, weekStartDay } from '@/lib/slot-weeks';

type WeekPickerProps = {
  /** The bookable slots, in order. */
  slots: readonly Slot[];
  today: string;
  tz: string;
  week: number;
  onWeek: (week: number) => void;
  selectedId: number | null;
  onSelect: (slot: Slot) => void;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
};

/** slotLabel is a slot's day and times in words: "Sat Nov 21, 9:00 AM – 10:00 AM". */
export function useSlotLabel() {
  const lang = useLang();
  return (slot: Slot, tz: string) =>
    `${formatWeekday(dayOfWeek(slot.date), lang)} ${formatDayMonth(slot.date, lang)}${lang === 'fa' ? '، ' : ', '}${formatClock(slot.start, lang, tz)} – ${formatClock(slot.end, lang, tz)}`;
}

/** WeekPicker shows one week of a teacher's free times (weeks 0 to 7, starting
 * Saturday in Persian and Sunday in English); a time is chosen by pressing it. */
export function WeekPicker({ slots, today, tz, week, onWeek, selectedId, onSelect, loading, error, onRetry }: WeekPickerProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const slotLabel = useSlotLabel();
  const startDay = weekStartDay(lang);
  const days = weekDays(today, week, startDay);
  const byDate = slotsByDate(slots);
  const inWeek = days.reduce((n, d) => n + (byDate.get(d)?.length ?? 0), 0);
  const later = firstWeekWithSlots(
    slots.filter((s) => s.date > days[6]!),
    today,
    startDay,
  );

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <IconButton label={t('booking.week.previous')} disabled={week <= 0} onClick={() => onWeek(week - 1)} className="disabled:opacity-40">
          <ChevronRight className="size-5 ltr:-scale-x-100" aria-hidden />
        </IconButton>
        <div className="flex min-w-0 flex-col items-center text-center">
          <p className="text-sm font-semibold" aria-live="polite">
            {t('booking.week.range', { from: formatDayMonth(days[0]!, lang), to: formatDayMonth(days[6]!, lang) })}
          </p>
          {week > 0 && (
            <button type="button" onClick={() => onWeek(0)} className="text-xs font-medium text-link hover:underline">
              {t('booking.week.current')}
            </button>
          )}
        </div>
        <IconButton label={t('booking.week.next')} disabled={week >= MAX_WEEK} onClick={() => onWeek(week + 1)} className="disabled:opacity-40">
          <ChevronLeft className="size-5 ltr:-scale-x-100" aria-hidden />
        </IconButton>
      </div>

      {loading && (
        <div className="flex justify-center py-8 text-primary">
          <Spinner className="size-7 border-4" label={t('booking.slotsLoading')} />
        </div>
      )}
      {error && !loading && <ErrorBanner onRetry={onRetry}>{error}</ErrorBanner>}

      {!loading && !error && (
        <>
          <ul className="grid gap-2 sm:grid-cols-7">
            {days.map((date) => {
              const daySlots = byDate.get(date) ?? [];
              const past = date < today;
              return (
                <li
                  key={date}
                  className={cn(
                    'flex gap-2 rounded-xl border border-line p-2 sm:flex-col',
                    date === today && 'border-primary/60',
                    // A past day reads as closed by its dashed frame and flat
                    // background; its text keeps full contrast (WCAG AA).
                    past && 'border-dashed bg-surface-2',
                  )}
                  data-past={past || undefined}
                >
                  <p className="w-20 shrink-0 text-xs sm:w-auto sm:text-center">
                    <span className="block font-semibold">{formatWeekday(dayOfWeek(date), lang, 'short')}</span>
                    <span className="text-muted">{formatDayMonth(date, lang)}</span>
                  </p>
                  {past ? (
                    <p className="self-center text-xs text-muted sm:text-center">{t('booking.pastDay')}</p>
                  ) : daySlots.length === 0 ? (
                    <p className="self-center text-xs text-muted sm:text-center">
                      <span aria-hidden>—</span>
                      <span className="sr-only">{t('booking.noSlotsDay')}</span>
                    </p>
                  ) : (
                    <div className="flex flex-1 flex-wrap gap-1.5 sm:flex-col">
                      {daySlots.map((s) => {
                        const selected = s.id === selectedId;
                        return (
                          <button
                            key={s.id}
                            type="button"
                            aria-pressed={selected}
                            aria-label={slotLabel(s, tz)}
                            onClick={() => onSelect(s)}
                            className={cn(
                              'min-h-9 rounded-lg border px-2 py-1 text-xs font-medium transition-colors',
                              selected
                                ? 'border-primary bg-primary text-on-primary'
                                : 'border-line bg-surface-2 text-fg hover:border-primary',
                            )}
                          >
                            {formatClock(s.start, lang, tz)}
                          </button>
                        );
                      })}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {inWeek === 0 && (
            <div className="flex flex-wrap items-center justify-center gap-2 rounded-xl bg-surface-2 px-3 py-3 text-center text-sm">
              <CalendarDays className="size-4 text-muted" aria-hidden />
              <span>{slots.length === 0 ? t('booking.noSlotsAtAll') : t('booking.noSlotsWeek')}</span>
              {later !== null && (
                <Button variant="secondary" className="min-h-9 py-1" onClick={() => onWeek(later)}>
                  {t('booking.week.nextFree')}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
