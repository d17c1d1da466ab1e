import { msg, type TKey } from '@/lib/i18n/keys';
import type { Problem, ProblemReason, Resolution } from './api/problem';
import { endOf, hasEnded, type Booking } from './rules';

/** A problem may be reported until 72 hours after a class's end (the server's ProblemWindow). */
export const PROBLEM_WINDOW_MS = 72 * 60 * 60_000;
/** The longest problem text the server takes. */
export const MAX_PROBLEM_TEXT = 2000;

export const REASONS: readonly ProblemReason[] = ['teacher_absent', 'student_absent', 'technical', 'other'];
export const RESOLUTIONS: readonly Resolution[] = ['full_refund', 'half_refund', 'no_refund'];

export const reasonLabel: Record<ProblemReason, TKey> = {
  teacher_absent: msg('classes.problem.reasons.teacher_absent'),
  student_absent: msg('classes.problem.reasons.student_absent'),
  technical: msg('classes.problem.reasons.technical'),
  other: msg('classes.problem.reasons.other'),
};

export const resolutionLabel: Record<Resolution, TKey> = {
  full_refund: msg('classes.problem.resolutions.full_refund'),
  half_refund: msg('classes.problem.resolutions.half_refund'),
  no_refund: msg('classes.problem.resolutions.no_refund'),
};

/** canReportProblem: a booked or done class with no report, from its end
 * until 72 hours after it. */
export function canReportProblem(b: Booking, now: number): boolean {
  return (
    (b.status === 'booked' || b.status === 'done') &&
    b.problem == null &&
    hasEnded(b, now) &&
    now <= endOf(b) + PROBLEM_WINDOW_MS
  );
}

/** refundOf is what goes back to the student: half of an odd price rounds
 * up, as the server does. */
export function refundOf(resolution: Resolution, price: number): number {
  if (resolution === 'full_refund') return price;
  if (resolution === 'half_refund') return price - Math.floor(price / 2);
  return 0;
}

export type Side = 'student' | 'teacher';

/** problemState is how a report reads to one side of the class: waiting for
 * the other side, waiting for the viewer's answer, disputed, settled as
 * accepted, or decided by an operator. */
export function problemState(p: Problem, viewer: Side): TKey {
  const outcome = p.outcome ?? p.resolution;
  switch (p.status) {
    case 'open':
      if (p.reported_by !== viewer) return 'classes.problem.state.yourAnswer';
      return p.reported_by === 'student' ? 'classes.problem.state.waitingTeacher' : 'classes.problem.state.waitingStudent';
    case 'disputed':
      return 'classes.problem.state.disputed';
    case 'resolved':
      return outcome === 'full_refund'
        ? 'classes.problem.state.decidedFull'
        : outcome === 'half_refund'
          ? 'classes.problem.state.decidedHalf'
          : 'classes.problem.state.decidedNone';
    default:
      return outcome === 'full_refund'
        ? 'classes.problem.state.refundedFull'
        : outcome === 'half_refund'
          ? 'classes.problem.state.refundedHalf'
          : 'classes.problem.state.noRefund';
  }
}
