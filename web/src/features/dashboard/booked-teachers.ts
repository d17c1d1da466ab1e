import type { Booking } from '@/lib/api/classes';

/** BookedTeacher is one teacher the student booked, with the figures of their classes together. */
export type BookedTeacher = {
  id: number;
  name: string;
  username: string;
  photo: string | null;
  /** Classes booked with the teacher and not cancelled (upcoming, done or awaiting cancellation). */
  sessions: number;
  /** The start of the next upcoming class, if any. */
  next: string | null;
};

/** bookedTeachers groups the student's classes by teacher (leaving out
 * teachers whose every class was cancelled), the teacher with the soonest
 * upcoming class first, then those without one by name. */
export function bookedTeachers(classes: Booking[], now = Date.now()): BookedTeacher[] {
  const byId = new Map<number, BookedTeacher>();
  for (const b of classes) {
    let t = byId.get(b.teacher_id);
    if (!t) {
      t = {
        id: b.teacher_id,
        name: b.teacher.name || b.teacher_name || b.teacher.username,
        username: b.teacher.username,
        photo: b.teacher.photo ?? b.teacher_photo ?? null,
        sessions: 0,
        next: null,
      };
      byId.set(b.teacher_id, t);
    }
    if (b.status === 'approved_cancel') continue;
    t.sessions++;
    const start = Date.parse(b.start_time);
    if (b.status === 'booked' && start > now && (t.next === null || start < Date.parse(t.next))) {
      t.next = b.start_time;
    }
  }
  return [...byId.values()].filter((t) => t.sessions > 0).sort((a, b) => {
    if (a.next && b.next) return Date.parse(a.next) - Date.parse(b.next);
    if (a.next) return -1;
    if (b.next) return 1;
    return a.name.localeCompare(b.name);
  });
}
