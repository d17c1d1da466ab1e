// The calendar of DatePicker, in its own chunk: react-day-picker and the
// Jalali date library load only when a date is picked.
import { DayPicker as GregorianDayPicker, type ClassNames } from 'react-day-picker';
import { DayPicker as PersianDayPicker } from 'react-day-picker/persian';
import type { Lang } from '@/lib/i18n/langs';

export type DateCalendarProps = {
  lang: Lang;
  /** The chosen day (local midnight), if any. */
  selected: Date | undefined;
  /** The day the calendar marks as today, and the first it offers. */
  today: Date;
  onSelect: (day: Date) => void;
};

// DayPicker draws with these classes only (its stylesheet is not loaded), so
// it follows the app's colours in light and dark.
const classNames: Partial<ClassNames> = {
  root: 'w-fit max-w-full',
  months: 'relative',
  month: 'space-y-2',
  month_caption: 'flex h-10 items-center px-2 font-semibold',
  caption_label: 'text-sm',
  nav: 'absolute end-0 top-0 flex gap-1',
  button_previous:
    'inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-40 [&_svg]:fill-current rtl:[&_svg]:-scale-x-100',
  button_next:
    'inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg disabled:opacity-40 [&_svg]:fill-current rtl:[&_svg]:-scale-x-100',
  chevron: 'size-4',
  month_grid: 'border-collapse',
  weekdays: '',
  weekday: 'size-10 text-center text-xs font-medium text-muted',
  week: '',
  day: 'p-0 text-center',
  day_button:
    'inline-flex size-10 items-center justify-center rounded-lg text-sm tabular-nums hover:bg-surface-2 disabled:cursor-not-allowed disabled:hover:bg-transparent',
  selected: '[&>button]:bg-primary [&>button]:font-semibold [&>button]:text-on-primary [&>button]:hover:bg-primary',
  today: '[&>button]:ring-1 [&>button]:ring-primary [&>button]:font-semibold',
  disabled: 'text-muted/50',
  outside: 'text-muted/60',
};

/** DateCalendar is one month of days to choose from: the Persian (Jalali)
 * calendar with Persian digits and Saturday first in fa, the Gregorian one in en. */
export default function DateCalendar({ lang, selected, today, onSelect }: DateCalendarProps) {
  const common = {
    mode: 'single' as const,
    required: true as const,
    selected,
    onSelect,
    today,
    defaultMonth: selected ?? today,
    disabled: { before: today },
    startMonth: today,
    classNames,
  };
  return lang === 'fa' ? <PersianDayPicker {...common} /> : <GregorianDayPicker {...common} />;
}
