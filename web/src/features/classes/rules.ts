// The rules of the class lists (spec sections 2, 4 and 9): status groups and
// filters, ordering, which actions a class allows, the join window, and the
// day labels of the teacher's upcoming classes.
import type { components } from '@/lib/api/schema';
import { msg, type TKey } from '@/lib/i18n/keys';

export type Booking = components['schemas']['Booking'];
export type BookingStatus = Booking['status'];

const MINUTE = 60_000;
/** A class may be joined from 15 minutes before its start to 15 minutes after it (spec section 9). */
export const JOIN_BEFORE_MS = 15 * MINUTE;
export const JOIN_AFTER_MS = 15 * MINUTE;
/** A class without a duration lasts 60 minutes (spec section 9). */
export const DEFAULT_DURATION = 60;

/** The status groups of the filters and the quick buttons. */
export const STATUS_FILTERS = ['upcoming', 'completed', 'pending', 'cancelled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** statusOfFilter: upcoming = booked, completed = done, pending =
 * cancel_pending, cancelled = approved_cancel. */
export const statusOfFilter: Record<StatusFilter, BookingStatus> = {
  upcoming: 'booked',
  completed: 'done',
  pending: 'cancel_pending',
  cancelled: 'approved_cancel',
};

export function isStatusFilter(v: unknown): v is StatusFilter {
  return typeof v === 'string' && (STATUS_FILTERS as readonly string[]).includes(v);
}

/** statusLabel names a class's status (spec section 4). */
export const statusLabel: Record<BookingStatus, TKey> = {
  booked: msg('classes.status.booked'),
  done: msg('classes.status.done'),
  cancel_pending: msg('classes.status.cancel_pending'),
  approved_cancel: msg('classes.status.approved_cancel'),
};

/** startOf and endOf are a class's instants; a class without an end ends at its start. */
export function startOf(b: Pick<Booking, 'start_time'>): number {
  return Date.parse(b.start_time);
}

export function endOf(b: Pick<Booking, 'start_time' | 'end_time'>): number {
  const end = Date.parse(b.end_time);
  return Number.isNaN(end) ? startOf(b) : end;
}

/** durationOf is a class's length in minutes (60 when unknown). */
export function durationOf(b: Pick<Booking, 'duration' | 'start_time' | 'end_time'>): number {
  if (b.duration > 0) return b.duration;
  const m = Math.round((endOf(b) - startOf(b)) / MINUTE);
  return m > 0 ? m : DEFAULT_DURATION;
}

export function hasEnded(b: Pick<Booking, 'start_time' | 'end_time'>, now: number): boolean {
  return endOf(b) <= now;
}

/** canMarkDone: only a booked class that has ended, unless a problem report
 * holds its payment (a booked class's report is open or disputed). */
export function canMarkDone(b: Booking, now: number): boolean {
  return b.status === 'booked' && hasEnded(b, now) && b.problem == null;
}

/** canReview: a done class not rated yet, until the server's review_until. */
export function canReview(b: Booking, now: number): boolean {
  return b.status === 'done' && b.review == null && b.review_until != null && Date.parse(b.review_until) >= now;
}

/** canRequestCancel: only a booked class that has not started (the server
 * refuses later requests: the class is then the teacher's to be paid for). */
export function canRequestCancel(b: Booking, now: number): boolean {
  return b.status === 'booked' && startOf(b) > now;
}

/** CancelCase is what a student's cancel does now: "free", cancelled and
 * refunded at once, or "teacher", a request the teacher approves. */
export type CancelCase = 'free' | 'teacher';

/** cancelCase: free while the server's free_cancel_until (null once it has
 * passed) is still ahead of now, that instant included; then the teacher's. */
export function cancelCase(b: Pick<Booking, 'free_cancel_until'>, now: number): CancelCase {
  return b.free_cancel_until !== null && Date.parse(b.free_cancel_until) >= now ? 'free' : 'teacher';
}

/** showsMeetingLink: the link shows while the class is booked and has not ended. */
export function showsMeetingLink(b: Booking, now: number): boolean {
  return b.status === 'booked' && b.meeting_link !== '' && !hasEnded(b, now);
}

/** canJoin: the join window runs from 15 minutes before the start to 15 minutes after it. */
export function canJoin(start: number, now: number): boolean {
  return now >= start - JOIN_BEFORE_MS && now <= start + JOIN_AFTER_MS;
}

/** orderClasses puts classes still to come (not yet ended) first, soonest
 * first, then past ones, latest first. */
export function orderClasses<T extends Pick<Booking, 'start_time' | 'end_time'>>(list: readonly T[], now: number): T[] {
  const upcoming = list.filter((b) => !hasEnded(b, now)).sort((a, b) => startOf(a) - startOf(b));
  const past = list.filter((b) => hasEnded(b, now)).sort((a, b) => startOf(b) - startOf(a));
  return [...upcoming, ...past];
}

export type ClassFilter = { teacher: number | null; status: StatusFilter | null };

/** filterClasses keeps the classes of one teacher and one status group (null: all). */
export function filterClasses(list: readonly Booking[], f: ClassFilter): Booking[] {
  return list.filter(
    (b) => (f.teacher === null || b.teacher_id === f.teacher) && (f.status === null || b.status === statusOfFilter[f.status]),
  );
}

/** countByFilter counts the classes of each status group. */
export function countByFilter(list: readonly Booking[]): Record<StatusFilter, number> {
  const out: Record<StatusFilter, number> = { upcoming: 0, completed: 0, pending: 0, cancelled: 0 };
  for (const f of STATUS_FILTERS) out[f] = list.filter((b) => b.status === statusOfFilter[f]).length;
  return out;
}

export type Person = { id: number; name: string };

/** teachersOf lists the teachers of the classes once each, by name. */
export function teachersOf(list: readonly Booking[]): Person[] {
  const byId = new Map<number, Person>();
  for (const b of list) {
    if (!byId.has(b.teacher_id)) {
      byId.set(b.teacher_id, { id: b.teacher_id, name: b.teacher.name || b.teacher_name || b.teacher.username });
    }
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The tabs of the teacher's classes. */
export const TEACHER_TABS = ['upcoming', 'completed', 'pending', 'cancelled'] as const;
export type TeacherTab = (typeof TEACHER_TABS)[number];

/** teacherTabs sorts the teacher's classes into the four tabs: upcoming
 * (booked, not ended, soonest first); completed (done, and booked ones that
 * have ended, which the spec treats as done on this screen; latest first);
 * pending cancellations (oldest request first); cancelled (latest first). */
export function teacherTabs(list: readonly Booking[], now: number): Record<TeacherTab, Booking[]> {
  const byStartAsc = (a: Booking, b: Booking) => startOf(a) - startOf(b);
  const byStartDesc = (a: Booking, b: Booking) => startOf(b) - startOf(a);
  const requested = (b: Booking) => (b.requested_at ? Date.parse(b.requested_at) : startOf(b));
  return {
    upcoming: list.filter((b) => b.status === 'booked' && !hasEnded(b, now)).sort(byStartAsc),
    completed: list.filter((b) => b.status === 'done' || (b.status === 'booked' && hasEnded(b, now))).sort(byStartDesc),
    pending: list.filter((b) => b.status === 'cancel_pending').sort((a, b) => requested(a) - requested(b)),
    cancelled: list.filter((b) => b.status === 'approved_cancel').sort(byStartDesc),
  };
}

/** relativeDay names date (YYYY-MM-DD) relative to today: 'today',
 * 'tomorrow', or null for any other day. */
export function relativeDay(date: string, today: string): 'today' | 'tomorrow' | null {
  if (date === today) return 'today';
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return date === d.toISOString().slice(0, 10) ? 'tomorrow' : null;
}

const ymdFormats = new Map<string, Intl.DateTimeFormat>();

/** dateIn is the calendar day (YYYY-MM-DD) of instant in the zone tz. */
export function dateIn(tz: string, instant: number): string {
  let f = ymdFormats.get(tz);
  if (!f) {
    // en-CA writes dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    ymdFormats.set(tz, f);
  }
  return f.format(instant);
}
