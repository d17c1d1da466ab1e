// The rules of moving a class (rescheduling): who may propose, which
// proposal is still open, and which times a class may move to.
import type { Slot } from '@/lib/api/slots';
import { bookableSlots } from '@/lib/slot-weeks';
import type { Reschedule } from './api/reschedule';
import { startOf, type Booking } from './rules';

/** Side is the viewer's side of a class. */
export type Side = 'student' | 'teacher';

/** openProposal is the class's proposal while it is open at now: the server
 * ends it at expires_at by time alone, so the screen does too. */
export function openProposal(b: Pick<Booking, 'reschedule'>, now: number): Reschedule | null {
  const r = b.reschedule;
  return r && r.status === 'open' && Date.parse(r.expires_at) > now ? r : null;
}

/** canPropose: a booked class that has not started, with no open proposal. */
export function canPropose(b: Booking, now: number): boolean {
  return b.status === 'booked' && startOf(b) > now && openProposal(b, now) === null;
}

/** rescheduleSlots are the times class b may move to: its teacher's free
 * future slots, its own excepted, in order. */
export function rescheduleSlots(slots: readonly Slot[], b: Pick<Booking, 'teacher_id' | 'slot'>, now: number = Date.now()): Slot[] {
  return bookableSlots(slots, b.teacher_id, now).filter((s) => s.id !== b.slot);
}
