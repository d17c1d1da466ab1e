// The kinds as Settings lists them: in groups, each to the role that gets it.
import type { MemberRole } from '@/lib/auth/user';
import { msg, type TKey } from '@/lib/i18n/keys';
import type { NotificationKind } from './types';

export type KindGroup = { id: string; title: TKey; kinds: NotificationKind[] };

/** KIND_GROUPS are every kind, grouped as Settings shows them. */
export const KIND_GROUPS: KindGroup[] = [
  { id: 'reminders', title: msg('notifications.groups.reminders'), kinds: ['reminder_24h', 'reminder_1h', 'class_starting'] },
  {
    id: 'classes',
    title: msg('notifications.groups.classes'),
    kinds: ['class_booked', 'class_cancelled', 'cancel_requested', 'cancel_approved', 'cancel_rejected', 'class_done'],
  },
  {
    id: 'reschedule',
    title: msg('notifications.groups.reschedule'),
    kinds: ['reschedule_proposed', 'reschedule_accepted', 'reschedule_declined', 'reschedule_expired'],
  },
  { id: 'problems', title: msg('notifications.groups.problems'), kinds: ['problem_reported', 'problem_resolved', 'review_received'] },
  { id: 'money', title: msg('notifications.groups.money'), kinds: ['payment_credited', 'teacher_paid', 'withdrawal_paid', 'withdrawal_rejected'] },
  { id: 'profile', title: msg('notifications.groups.profile'), kinds: ['profile_approved', 'profile_rejected'] },
  { id: 'messages', title: msg('notifications.groups.messages'), kinds: ['message_unread'] },
];

// The kinds only one side ever gets; every other kind goes to both.
const onlyTo: Partial<Record<NotificationKind, MemberRole>> = {
  class_booked: 'teacher',
  cancel_requested: 'teacher',
  teacher_paid: 'teacher',
  review_received: 'teacher',
  profile_approved: 'teacher',
  profile_rejected: 'teacher',
  cancel_approved: 'student',
  cancel_rejected: 'student',
  class_done: 'student',
  payment_credited: 'student',
};

/** kindGroupsFor are the groups of the kinds a user of role can get; empty groups go. */
export function kindGroupsFor(role: MemberRole): KindGroup[] {
  return KIND_GROUPS.map((g) => ({ ...g, kinds: g.kinds.filter((k) => (onlyTo[k] ?? role) === role) })).filter((g) => g.kinds.length > 0);
}

/** kindName is the key of a kind's name in both languages. */
export function kindName(kind: NotificationKind): TKey {
  return `notifications.kinds.${kind}`;
}
