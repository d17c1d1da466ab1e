// The words the console shows for the server's codes: roles, states and the
// operator log's actions.
import { msg, type TKey } from '@/lib/i18n/keys';
import type { BookingStatus, DisputeStatus, LogEntry, PaymentStatus, ReviewStatus, UserSummary, WithdrawalStatus } from '../api/types';

export const roleLabel: Record<UserSummary['role'], TKey> = {
  student: msg('roles.student'),
  teacher: msg('roles.teacher'),
  admin: msg('roles.admin'),
};

export const withdrawalStatusLabel: Record<WithdrawalStatus, TKey> = {
  pending: msg('admin.withdrawals.status.pending'),
  paid: msg('admin.withdrawals.status.paid'),
  rejected: msg('admin.withdrawals.status.rejected'),
};

export const paymentStatusLabel: Record<PaymentStatus, TKey> = {
  pending: msg('admin.payments.status.pending'),
  paid: msg('admin.payments.status.paid'),
  failed: msg('admin.payments.status.failed'),
  expired: msg('admin.payments.status.expired'),
};

export const disputeStatusLabel: Record<DisputeStatus, TKey> = {
  disputed: msg('admin.disputes.status.disputed'),
  resolved: msg('admin.disputes.status.resolved'),
};

export const bookingStatusLabel: Record<BookingStatus, TKey> = {
  booked: msg('admin.bookingStatus.booked'),
  cancel_pending: msg('admin.bookingStatus.cancel_pending'),
  approved_cancel: msg('admin.bookingStatus.approved_cancel'),
  done: msg('admin.bookingStatus.done'),
};

export const reviewStatusLabel: Record<ReviewStatus, TKey> = {
  pending: msg('admin.review.pending'),
  approved: msg('admin.review.approved'),
  rejected: msg('admin.review.rejected'),
};

/** The operator log's action codes (the contract's list). */
const actionLabels: Record<LogEntry['action'], TKey> = {
  'user.suspend': msg('admin.log.actions.userSuspend'),
  'user.unsuspend': msg('admin.log.actions.userUnsuspend'),
  'teacher.approve': msg('admin.log.actions.teacherApprove'),
  'teacher.reject': msg('admin.log.actions.teacherReject'),
  'withdrawal.pay': msg('admin.log.actions.withdrawalPay'),
  'withdrawal.reject': msg('admin.log.actions.withdrawalReject'),
  'payment.reverify': msg('admin.log.actions.paymentReverify'),
  'dispute.decide': msg('admin.log.actions.disputeDecide'),
  adjustment: msg('admin.log.actions.adjustment'),
  'review.hide': msg('admin.log.actions.reviewHide'),
  'commission.set': msg('admin.log.actions.commissionSet'),
};

/** actionLabel names an action of the log; a code this app does not know yet is shown as sent. */
export function actionLabel(code: string): TKey | null {
  return actionLabels[code as LogEntry['action']] ?? null;
}

const objectLabels: Record<LogEntry['object_type'], TKey> = {
  user: msg('admin.log.objects.user'),
  withdrawal: msg('admin.log.objects.withdrawal'),
  payment: msg('admin.log.objects.payment'),
  problem_report: msg('admin.log.objects.problemReport'),
  review: msg('admin.log.objects.review'),
  settings: msg('admin.log.objects.settings'),
};

/** objectLabel names the kind of object an action was on. */
export function objectLabel(type: string): TKey | null {
  return objectLabels[type as LogEntry['object_type']] ?? null;
}

/** Tones of a state's badge. */
export const tone = {
  neutral: 'bg-surface-2 text-muted',
  waiting: 'bg-info-bg text-fg',
  good: 'bg-success-bg text-success',
  bad: 'bg-danger-bg text-danger',
} as const;
