// Fixtures of the tests that read teachers and their slots, as the server answers them.
import type { components } from '@/lib/api/schema';

type Teacher = components['schemas']['Teacher'];
type Slot = components['schemas']['Slot'];

export function makeSlot(id: number, teacher: number, start: string, minutes = 60): Slot {
  const s = new Date(start);
  const e = new Date(s.getTime() + minutes * 60_000);
  const hm = (d: Date) => d.toISOString().slice(11, 16);
  return {
    id,
    teacher,
    start: s.toISOString(),
    end: e.toISOString(),
    date: s.toISOString().slice(0, 10),
    start_time: hm(s),
    end_time: hm(e),
    is_booked: false,
    status: 'available',
  };
}

export function makeTeacher(id: number, over: Partial<Teacher> = {}): Teacher {
  const username = `teacher${id}`;
  return {
    id,
    user: { id, username, first_name: 'Sara', last_name: `Teacher${id}` },
    username,
    first_name: 'Sara',
    last_name: `Teacher${id}`,
    name: `Sara Teacher${id}`,
    bio: 'IELTS and conversation classes.',
    photo: null,
    profile_photo_url: null,
    price_per_hour: 250000,
    test_session_price: 100000,
    experience_years: 5,
    languages: ['English'],
    rating: null,
    reviews_count: 0,
    total_sessions: 12,
    wp_teacher_id: '',
    timezone: 'Asia/Tehran',
    next_slots: [],
    free_slots: 0,
    available: false,
    ...over,
  };
}
