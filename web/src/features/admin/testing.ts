// Fixtures of the console's tests: the API's answers as the contract shapes them.
import type { AdminUser, AdminWithdrawal, DisputeDetail, Overview, UserSummary } from './api/types';

export function person(id: number, over: Partial<UserSummary> = {}): UserSummary {
  return { id, username: `user${id}`, role: 'student', name: `User ${id}`, phone: '09120000000', photo: null, ...over };
}

export function adminUser(id: number, over: Partial<AdminUser> = {}): AdminUser {
  return {
    ...person(id),
    email: '',
    created_at: '2026-11-01T08:00:00Z',
    suspended_at: null,
    suspended_reason: '',
    deleted: false,
    ...over,
  };
}

const period = (n: number) => ({
  new_students: n,
  new_teachers: n + 1,
  classes_booked: n + 2,
  classes_done: n + 3,
  topped_up: n * 1000,
  paid_to_teachers: n * 500,
});

export function overview(over: Partial<Overview> = {}): Overview {
  return {
    today: period(2),
    month: period(40),
    waiting_withdrawals: { count: 3, amount: 450000 },
    open_disputes: 1,
    pending_teachers: 2,
    audit: { ok: true, checked_at: '2026-11-21T09:00:00Z', findings: [] },
    ...over,
  };
}

export function withdrawal(id: number, over: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id,
    user: person(10 + id, { role: 'teacher', name: 'رضا احمدی', username: `teacher${id}` }),
    kind: 'withdrawal',
    amount: 150000,
    iban: 'IR062960000000100324200001',
    status: 'pending',
    created_at: '2026-11-18T09:00:00Z',
    settled_at: null,
    reference: '',
    reason: '',
    ...over,
  };
}

export function dispute(id: number, over: Partial<DisputeDetail> = {}): DisputeDetail {
  const teacher = person(20, { role: 'teacher', name: 'Reza Teacher', username: 'reza' });
  const student = person(21, { name: 'سارا', username: 'sara' });
  return {
    id,
    booking: { id: 7, start: '2026-11-20T10:00:00Z', end: '2026-11-20T11:00:00Z', price: 35001, language: 'English', level: 'B1', teacher, student },
    reported_by: 'student',
    reason: 'teacher_absent',
    text: 'The teacher never joined.',
    resolution: 'full_refund',
    status: 'disputed',
    created_at: '2026-11-20T11:30:00Z',
    answered_at: '2026-11-20T15:00:00Z',
    outcome: null,
    refund_percent: null,
    note: '',
    decided_by: null,
    decided_at: null,
    messages: [
      { id: 1, sender: student, text: 'سلام، کلاس ساعت ۱۰ است؟', created_at: '2026-11-19T09:00:00Z' },
      { id: 2, sender: teacher, text: 'Yes, see you then.', created_at: '2026-11-19T09:05:00Z' },
    ],
    ...over,
  };
}
