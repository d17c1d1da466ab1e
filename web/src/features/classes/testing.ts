import type { Booking } from './rules';

/** makeBooking builds a class as GET /api/slot/lists/*\/ returns it, for tests. */
export function makeBooking(over: Partial<Booking> & Pick<Booking, 'id' | 'start_time'>): Booking {
  const start = Date.parse(over.start_time);
  const duration = over.duration ?? 60;
  const teacher = over.teacher ?? { id: 5, username: 'mina', name: 'Mina', photo: null };
  const student = over.student ?? { id: 9, username: 'sara', name: 'Sara', photo: null };
  return {
    status: 'booked',
    cancellation_pending: false,
    cancelled_by: '',
    slot: over.id,
    teacher_id: teacher.id,
    teacher_name: teacher.name,
    teacher_photo: null,
    teacher,
    student_id: student.id,
    student,
    end_time: new Date(start + duration * 60_000).toISOString(),
    duration,
    price: 250_000,
    level_price: 1,
    language: 'English',
    level_name: 'B1',
    meeting_link: `https://meet.jit.si/zabano-${over.id}`,
    notes: '',
    requested_at: null,
    free_cancel_until: null,
    created_at: '2026-11-01T00:00:00Z',
    slot_detail: { teacher: teacher.id, date: over.start_time.slice(0, 10), start_time: '', end_time: '' },
    ...over,
    review: over.review ?? null,
    review_until: over.review_until ?? null,
    trial: over.trial ?? false,
    reschedule: over.reschedule ?? null,
    problem: over.problem ?? null,
  };
}
