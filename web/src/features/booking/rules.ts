// The booking dialog's rules (spec sections 4, 5 and 9): weeks 0..7 starting
// Saturday in Persian and Sunday in English, only free slots selectable, and a
// slot and a level among the teacher's levels before confirming.
import type { Lang } from '@/lib/i18n/langs';
import { msg, type TKey } from '@/lib/i18n/keys';
import type { LevelPrice } from './api/get-teacher-pricing';
import type { Slot } from './api/get-teacher-slots';

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

/** TRIAL is the level choice of the teacher's trial class. */
export const TRIAL = 'trial';

/** A weekly booking's length, as the server takes it. */
export const MIN_REPEAT_WEEKS = 2;
export const MAX_REPEAT_WEEKS = 12;

/** trialPrice is the teacher's trial price when the student may take a trial, else 0. */
export type BookingChoice = { slotId: number | null; levelId: number | typeof TRIAL | null; levels: readonly LevelPrice[]; trialPrice?: number };

/** validateBooking returns the message of what is missing or wrong, or null
 * (spec section 5): a slot and a level must be chosen, and the level must be
 * one of the teacher's loaded levels, or the trial while it is open. */
export function validateBooking({ slotId, levelId, levels, trialPrice = 0 }: BookingChoice): TKey | null {
  if (slotId === null || levelId === null) return msg('booking.chooseLevelAndPrice');
  if (levelId === TRIAL ? trialPrice <= 0 : !levels.some((l) => l.id === levelId)) return msg('booking.invalidLevel');
  return null;
}

/** freeWeeksBefore is how many weeks, from the chosen one, are free before
 * the first missing week, when that is a series (2 or more), else null. */
export function freeWeeksBefore(missing: ReadonlyArray<{ week: number }>): number | null {
  const first = Math.min(...missing.map((m) => m.week));
  return first - 1 >= MIN_REPEAT_WEEKS ? first - 1 : null;
}

/** canConfirm: the confirm button is enabled only with a slot, a level and
 * levels loaded, and while nothing loads. */
export function canConfirm(choice: BookingChoice, loading: boolean): boolean {
  return !loading && choice.slotId !== null && choice.levelId !== null && choice.levels.length > 0;
}

/** walletTopUpHref is the wallet's top-up with an amount filled in. */
export function walletTopUpHref(walletPath: string, amount: number): string {
  return `${walletPath}?amount=${encodeURIComponent(String(Math.max(0, Math.ceil(amount))))}`;
}
