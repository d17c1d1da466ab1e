// The Smart Builder's rules (spec sections 5 and 9): weeks 1 to 52 with
// presets, days of the week, a time range cut into slots of a chosen length
// with a break between them, and a start date.
import { msg, type TKey } from '@/lib/i18n/keys';
import { toLatinDigits } from '@/lib/format';

export const WEEK_PRESETS = [1, 2, 4, 8, 12, 16, 20, 24] as const;
export const MIN_WEEKS = 1;
export const MAX_WEEKS = 52;
export const BUILDER_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export type BuilderDuration = (typeof BUILDER_DURATIONS)[number];
export const DEFAULT_BREAK = 15;
export const MAX_BREAK = 120;
/** MAX_PLAN_SLOTS is the server's default cap of a teacher's free future
 * times (ZABANO_MAX_FREE_SLOTS): a year of 16 a day fits, a year of the
 * fullest plan (96 a day) does not. The server refuses a plan past it. */
export const MAX_PLAN_SLOTS = 6000;

/** The builder's form. Times are "HH:MM", the start date "YYYY-MM-DD";
 * weeks and break are kept as typed and read with parseWeeks / parseBreak. */
export type BuilderValues = {
  weeks: string;
  /** 0 Sunday ... 6 Saturday. */
  days: number[];
  startTime: string;
  endTime: string;
  duration: BuilderDuration;
  breakMinutes: string;
  startDate: string;
};

/** defaultValues are the spec's defaults: 1 week, 09:00 to 17:00, 30 minutes,
 * a 15-minute break, starting today. */
export function defaultValues(today: string): BuilderValues {
  return { weeks: '1', days: [], startTime: '09:00', endTime: '17:00', duration: 30, breakMinutes: String(DEFAULT_BREAK), startDate: today };
}

/** parseWeeks reads the weeks field: a whole number from 1 to 52, Persian
 * digits too; anything non-numeric becomes 1, and larger or smaller numbers
 * are brought within the range. */
export function parseWeeks(raw: string): number {
  const n = Number.parseInt(toLatinDigits(raw).trim(), 10);
  if (!Number.isFinite(n)) return MIN_WEEKS;
  return Math.min(MAX_WEEKS, Math.max(MIN_WEEKS, n));
}

/** parseBreak reads the break in minutes (0 to 120); empty means none, and
 * anything else non-numeric is null (invalid). */
export function parseBreak(raw: string): number | null {
  const s = toLatinDigits(raw).trim();
  if (s === '') return 0;
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n <= MAX_BREAK ? n : null;
}

/** minutesOf reads "HH:MM" as minutes after midnight, or null. */
export function minutesOf(time: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(toLatinDigits(time).trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

/** previewPerDay is the live count of one day: floor(range / duration),
 * ignoring the break, as the spec's preview does. */
export function previewPerDay(startTime: string, endTime: string, duration: number): number {
  const s = minutesOf(startTime);
  const e = minutesOf(endTime);
  if (s === null || e === null || e <= s || duration <= 0) return 0;
  return Math.floor((e - s) / duration);
}

/** previewCount is the live count: floor(range / duration) per day x days x weeks. */
export function previewCount(v: Pick<BuilderValues, 'weeks' | 'days' | 'startTime' | 'endTime' | 'duration'>): number {
  return previewPerDay(v.startTime, v.endTime, v.duration) * new Set(v.days).size * parseWeeks(v.weeks);
}

/** slotsPerDay is how many slots one day really holds, as the server cuts
 * them: from the start time, stepping by duration plus break, while a slot
 * ends by the end time. */
export function slotsPerDay(startTime: string, endTime: string, duration: number, breakMinutes: number): number {
  const s = minutesOf(startTime);
  const e = minutesOf(endTime);
  if (s === null || e === null || e <= s || duration <= 0) return 0;
  const range = e - s;
  if (range < duration) return 0;
  return Math.floor((range - duration) / (duration + Math.max(0, breakMinutes))) + 1;
}

/** The builder's steps. */
export const STEPS = ['weeks', 'days', 'times', 'start'] as const;
export type Step = (typeof STEPS)[number];

/** validateStep returns the message that stops the builder from leaving
 * step, or null. The last step checks everything (spec section 5). */
export function validateStep(step: Step, v: BuilderValues, today: string): TKey | null {
  if (step === 'weeks') return null;
  if (step === 'days') return v.days.length === 0 ? msg('availability.builder.errors.noDays') : null;
  if (step === 'times') return validateTimes(v);
  if (v.days.length === 0 || !v.startTime || !v.endTime || !/^\d{4}-\d{2}-\d{2}$/.test(v.startDate)) {
    return msg('availability.builder.errors.required');
  }
  if (v.startDate < today) return msg('availability.builder.errors.pastDate');
  return validateTimes(v);
}

function validateTimes(v: BuilderValues): TKey | null {
  const s = minutesOf(v.startTime);
  const e = minutesOf(v.endTime);
  if (!v.startTime || !v.endTime || s === null || e === null) return msg('availability.builder.errors.required');
  if (e <= s) return msg('availability.builder.errors.endAfterStart');
  const breakMinutes = parseBreak(v.breakMinutes);
  if (breakMinutes === null) return msg('availability.builder.errors.break');
  if (e - s < v.duration) return msg('availability.builder.errors.tooShort');
  const planned = slotsPerDay(v.startTime, v.endTime, v.duration, breakMinutes) * new Set(v.days).size * parseWeeks(v.weeks);
  if (planned > MAX_PLAN_SLOTS) return msg('availability.builder.errors.tooMany');
  return null;
}

/** The plan the batch endpoint expands (POST /api/slot/available/batch/). */
export type Plan = {
  weeks: number;
  days: number[];
  start_time: string;
  end_time: string;
  duration: BuilderDuration;
  break: number;
  start_date: string;
};

/** toPlan turns valid form values into the request's plan. */
export function toPlan(v: BuilderValues): Plan {
  return {
    weeks: parseWeeks(v.weeks),
    days: [...new Set(v.days)].sort((a, b) => a - b),
    start_time: v.startTime,
    end_time: v.endTime,
    duration: v.duration,
    break: parseBreak(v.breakMinutes) ?? DEFAULT_BREAK,
    start_date: v.startDate,
  };
}
