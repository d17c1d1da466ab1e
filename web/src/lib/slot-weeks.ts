// The weeks of the slot picker (spec sections 4, 5 and 9), which booking and
// rescheduling share: weeks 0..7 starting Saturday in Persian and Sunday in
// English, and only a teacher's free future slots selectable.
import type { Slot } from '@/lib/api/slots';
import type { Lang } from '@/lib/i18n/langs';

/** The last week the picker reaches: 8 weeks including this one. */
export const MAX_WEEK = 7;

/** weekStartDay is the first day of the week (0 Sunday ... 6 Saturday). */
export function weekStartDay(lang: Lang): number {
  return lang === 'fa' ? 6 : 0;
}

/** todayIn is today's date (YYYY-MM-DD) in the time zone tz. */
export function todayIn(tz: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function toUTC(ymd: string): Date {
  return new Date(`${ymd}T00:00:00Z`);
}

function ymdOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** dayOfWeek is the day of the week of a YYYY-MM-DD date (0 Sunday ... 6 Saturday). */
export function dayOfWeek(ymd: string): number {
  return toUTC(ymd).getUTCDay();
}

/** weekDays lists the 7 dates (YYYY-MM-DD) of week number `week` (0 = the week
 * of today) when weeks start on startDay. */
export function weekDays(today: string, week: number, startDay: number): string[] {
  const d = toUTC(today);
  const back = (d.getUTCDay() - startDay + 7) % 7;
  d.setUTCDate(d.getUTCDate() - back + 7 * week);
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(d);
    day.setUTCDate(d.getUTCDate() + i);
    return ymdOf(day);
  });
}

/** weekOf is the week number (0 = this week) that holds date, or -1 before this week. */
export function weekOf(today: string, date: string, startDay: number): number {
  const first = toUTC(weekDays(today, 0, startDay)[0]!);
  const days = Math.round((toUTC(date).getTime() - first.getTime()) / 86_400_000);
  return days < 0 ? -1 : Math.floor(days / 7);
}

/** bookableSlots keeps the slots a student may choose: free ones of this
 * teacher that have not started, in order. */
export function bookableSlots(slots: readonly Slot[], teacherId: number, now: number = Date.now()): Slot[] {
  return slots
    .filter((s) => !s.is_booked && s.status === 'available' && s.teacher === teacherId && Date.parse(s.start) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** slotsByDate groups slots by their date in the viewer's zone. */
export function slotsByDate(slots: readonly Slot[]): Map<string, Slot[]> {
  const out = new Map<string, Slot[]>();
  for (const s of slots) {
    const list = out.get(s.date);
    if (list) list.push(s);
    else out.set(s.date, [s]);
  }
  return out;
}

/** firstWeekWithSlots is the first week within 0..MAX_WEEK that has a slot, or null. */
export function firstWeekWithSlots(slots: readonly Slot[], today: string, startDay: number): number | null {
  for (const s of slots) {
    const w = weekOf(today, s.date, startDay);
    if (w >= 0 && w <= MAX_WEEK) return w;
  }
  return null;
}
