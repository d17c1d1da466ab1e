// The availability calendar's arithmetic (spec sections 2, 5 and 9): weeks of
// 7 days starting Saturday in Persian and Sunday in English, weeks 0..7 ahead,
// cells of 30 or 60 minutes in the viewer's time zone, and which cells may be
// chosen. Dates are YYYY-MM-DD calendar days in that zone; instants are Unix
// milliseconds.
import { MAX_WEEK } from '@/lib/slot-weeks';

// The weeks are the slot picker's (the same start day, reach and arithmetic).
export { dayOfWeek, MAX_WEEK, weekDays, weekStartDay } from '@/lib/slot-weeks';

/** The cell lengths the calendar offers, in minutes. */
export const CELL_DURATIONS = [30, 60] as const;
export type CellDuration = (typeof CELL_DURATIONS)[number];

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** clampWeek keeps a week number within 0..MAX_WEEK. */
export function clampWeek(week: number): number {
  return Math.min(MAX_WEEK, Math.max(0, Math.trunc(week)));
}

const ymdFormats = new Map<string, Intl.DateTimeFormat>();

/** dateIn is the calendar day (YYYY-MM-DD) of instant in the zone tz. */
export function dateIn(tz: string, instant: number | Date = Date.now()): string {
  let f = ymdFormats.get(tz);
  if (!f) {
    // en-CA writes dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    ymdFormats.set(tz, f);
  }
  return f.format(instant);
}

function utcDay(ymd: string): Date {
  return new Date(`${ymd}T00:00:00Z`);
}

/** addDays moves a YYYY-MM-DD date by n calendar days. */
export function addDays(ymd: string, n: number): string {
  const d = utcDay(ymd);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** orderedWeekdays lists the days of the week (0 Sunday ... 6 Saturday) in
 * the order a week starting on startDay shows them. */
export function orderedWeekdays(startDay: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (startDay + i) % 7);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

// offsetAt is how far the wall clock of tz is ahead of UTC at instant, in ms.
function offsetAt(instant: number, tz: string): number {
  let f = offsetFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(tz, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** zonedInstant is the instant at which the clocks of tz read `minutes` past
 * midnight of date. A time skipped by a daylight-saving change moves forward,
 * as clocks do (and as the server does). */
export function zonedInstant(date: string, minutes: number, tz: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const first = offsetAt(wall, tz);
  let t = wall - first;
  const second = offsetAt(t, tz);
  if (second !== first) t = wall - second;
  return t;
}

/** An existing slot as the calendar needs it. */
export type ExistingSlot = { id: number; start: number; end: number; booked: boolean };

export type CellState = 'free' | 'selected' | 'existing' | 'existingPast';

/** A cell of the calendar: one possible slot of the chosen length. */
export type Cell = {
  /** Its start instant; also its identity. */
  start: number;
  end: number;
  state: CellState;
  /** The existing slot it shows, when it shows one. */
  slot?: ExistingSlot;
};

/** dayCells lists the cells of date (in tz) of `duration` minutes from
 * midnight: cells that start in the past are left out unless they hold an
 * existing slot (shown in blue); a cell that overlaps an existing slot shows
 * that slot and cannot be chosen (the server refuses overlaps); a chosen cell
 * is selected. Each slot is shown once, by the first cell that meets it. */
export function dayCells(
  date: string,
  duration: number,
  tz: string,
  existing: readonly ExistingSlot[],
  selected: ReadonlySet<number>,
  now: number,
): Cell[] {
  const cells: Cell[] = [];
  const seen = new Set<number>();
  const shown = new Set<number>();
  for (let m = 0; m < DAY_MINUTES; m += duration) {
    const start = zonedInstant(date, m, tz);
    // A daylight-saving gap maps two wall times to one instant.
    if (seen.has(start)) continue;
    seen.add(start);
    const end = start + duration * MINUTE;
    const slot = existing.find((s) => s.start < end && s.end > start);
    if (slot) {
      if (shown.has(slot.id)) continue;
      shown.add(slot.id);
      cells.push({ start: slot.start, end: slot.end, state: slot.start < now ? 'existingPast' : 'existing', slot });
      continue;
    }
    if (start < now) continue;
    cells.push({ start, end, state: selected.has(start) ? 'selected' : 'free' });
  }
  return cells;
}

/** isSelectable reports whether a new slot start..end may be chosen: in the
 * future and not meeting any existing slot (spec section 5). */
export function isSelectable(start: number, end: number, existing: readonly ExistingSlot[], now: number): boolean {
  return start >= now && !existing.some((s) => s.start < end && s.end > start);
}
