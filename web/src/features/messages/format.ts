import { formatDate, formatLongDate, formatTime } from '@/lib/format';
import type { Lang } from '@/lib/i18n/langs';

function dayKey(d: Date): string {
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/** sameDay reports whether a and b fall on the same local calendar day. */
export function sameDay(a: Date | string, b: Date | string): boolean {
  return dayKey(new Date(a)) === dayKey(new Date(b));
}

/** chatTime is the time of a chat's last message as the list shows it: the
 * 24-hour time today, the date before (Persian digits and calendar in fa). */
export function chatTime(value: string, lang: Lang, now = new Date()): string {
  return sameDay(value, now) ? formatTime(value, lang) : formatDate(value, lang);
}

/** dayLabel names the day of a group of messages: today, yesterday, or the long date. */
export function dayLabel(value: string, lang: Lang, words: { today: string; yesterday: string }, now = new Date()): string {
  if (sameDay(value, now)) return words.today;
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (sameDay(value, y)) return words.yesterday;
  return formatLongDate(value, lang);
}
