import { useCallback } from 'react';
import { formatClock, formatLongDate } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { Booking } from '../rules';

/** useClassTime words a class's day and time range in the viewer's zone:
 * "Sunday, November 22, 2026, 9:00 AM – 9:30 AM", "یکشنبه ۱ آذر ۱۴۰۵، ۰۹:۰۰ – ۰۹:۳۰". */
export function useClassTime() {
  const lang = useLang();
  return useCallback(
    (b: Pick<Booking, 'start_time' | 'end_time'>, tz: string) => {
      const sep = lang === 'fa' ? '، ' : ', ';
      const end = b.end_time ? ` – ${formatClock(b.end_time, lang, tz)}` : '';
      return `${formatLongDate(b.start_time, lang, tz)}${sep}${formatClock(b.start_time, lang, tz)}${end}`;
    },
    [lang],
  );
}

/** useInstantText words an instant as a long date and a class-style clock:
 * "Saturday, November 21, 2026, 5:44 PM", "شنبه ۳۰ آبان ۱۴۰۵، ۱۷:۴۴". */
export function useInstantText() {
  const lang = useLang();
  return useCallback(
    (instant: string, tz: string) => `${formatLongDate(instant, lang, tz)}${lang === 'fa' ? '، ' : ', '}${formatClock(instant, lang, tz)}`,
    [lang],
  );
}
