import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';

const DateCalendar = lazy(() => import('./date-calendar'));

type DatePickerProps = {
  label: string;
  /** The chosen day as YYYY-MM-DD (Gregorian, what the API takes), or ''. */
  value: string;
  /** Today as YYYY-MM-DD in the zone that matters; no earlier day is offered. */
  today: string;
  onChange: (ymd: string) => void;
};

/** dayOf is local midnight of a YYYY-MM-DD day: the calendar counts local days. */
export function dayOf(ymd: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** ymdOf is the YYYY-MM-DD of a local day. */
export function ymdOf(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** DatePicker chooses a day on a month calendar, Jalali in fa and Gregorian
 * in en, and names the chosen day below it. The calendar is loaded lazily, so
 * the screens that do not pick a date carry none of it. */
export function DatePicker({ label, value, today, onChange }: DatePickerProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const legendId = useId();
  const selected = dayOf(value);
  return (
    <fieldset aria-labelledby={legendId} className="space-y-2">
      <legend id={legendId} className="text-sm font-medium">
        {label}
      </legend>
      <div className="rounded-xl border border-line p-2">
        <Suspense
          fallback={
            <div className="flex min-h-72 items-center justify-center text-primary">
              <Spinner className="size-6" label={t('common.loading')} />
            </div>
          }
        >
          <DateCalendar lang={lang} selected={selected} today={dayOf(today) ?? new Date()} onSelect={(d) => onChange(ymdOf(d))} />
        </Suspense>
      </div>
      <p className="text-sm" aria-live="polite">
        {selected ? t('datePicker.chosen', { date: formatLongDate(value, lang, 'UTC') }) : t('datePicker.none')}
      </p>
    </fieldset>
  );
}
