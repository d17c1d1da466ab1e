import { useCallback } from 'react';
import { formatClock, formatDayMonth, formatWeekday } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { dateIn, dayOfWeek } from '../calendar';

/** useSlotText words a time range with its day, in the viewer's zone:
 * "Sat 22 Nov, 9:00 AM – 9:30 AM", "شنبه ۱ آذر، ۰۹:۰۰ – ۰۹:۳۰". */
export function useSlotText() {
  const lang = useLang();
  return useCallback(
    (start: number | string, end: number | string, tz: string) => {
      const s = typeof start === 'string' ? Date.parse(start) : start;
      const date = dateIn(tz, s);
      const sep = lang === 'fa' ? '، ' : ', ';
      return `${formatWeekday(dayOfWeek(date), lang, 'short')} ${formatDayMonth(date, lang)}${sep}${formatClock(s, lang, tz)} – ${formatClock(end, lang, tz)}`;
    },
    [lang],
  );
}
