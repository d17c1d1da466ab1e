import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { renderWithRouter } from '@/testing/test-utils';
import type { Booking } from '@/lib/api/classes';
import { bookedTeachers } from '../booked-teachers';
import { BookedTeachers } from './booked-teachers';

const NOW = Date.parse('2026-11-21T12:00:00Z');

function booking(id: number, teacherId: number, name: string, start: string, status: Booking['status'] = 'booked'): Booking {
  const person = { id: teacherId, username: name.toLowerCase(), name, photo: null };
  return {
    id,
    status,
    cancellation_pending: status === 'cancel_pending',
    cancelled_by: '',
    trial: false,
    slot: id,
    teacher_id: teacherId,
    teacher_name: name,
    teacher_photo: null,
    teacher: person,
    student_id: 9,
    student: { id: 9, username: 'sara', name: 'sara', photo: null },
    start_time: start,
    end_time: start,
    duration: 60,
    price: 100000,
    level_price: 1,
    language: 'English',
    level_name: 'B1',
    meeting_link: '',
    notes: '',
    requested_at: null,
    free_cancel_until: null,
    created_at: '2026-11-01T00:00:00Z',
    slot_detail: { teacher: teacherId, date: '', start_time: '', end_time: '' },
    review: null,
    review_until: null,
    reschedule: null,
    problem: null,
  };
}

const classes = [
  booking(1, 5, 'Mina', '2026-11-10T10:00:00Z', 'done'),
  booking(2, 5, 'Mina', '2026-11-25T10:00:00Z'),
  booking(3, 5, 'Mina', '2026-11-23T10:00:00Z'),
  booking(4, 7, 'Omid', '2026-11-01T10:00:00Z', 'done'),
  booking(5, 7, 'Omid', '2026-11-22T10:00:00Z', 'approved_cancel'),
  booking(6, 8, 'Cancelled only', '2026-11-22T10:00:00Z', 'approved_cancel'),
];

describe('bookedTeachers', () => {
  it('groups classes by teacher with counts and the next upcoming class', () => {
    const list = bookedTeachers(classes, NOW);
    expect(list.map((t) => [t.name, t.sessions, t.next])).toEqual([
      ['Mina', 3, '2026-11-23T10:00:00Z'],
      ['Omid', 1, null],
    ]);
  });
});

describe('BookedTeachers', () => {
  it('shows a card per teacher with bio, links to their classes and opens the chat', async () => {
    await i18n.changeLanguage('en');
    let chatBody: unknown;
    server.use(
      http.get('*/api/slot/lists/student/', () => HttpResponse.json(classes.slice(0, 5))),
      http.get('*/api/teachers/5/profile/', () => HttpResponse.json({ id: 5, bio: 'IELTS teacher for ten years' })),
      http.get('*/api/teachers/7/profile/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
      http.post('*/api/chat/create/', async ({ request }) => {
        chatBody = await request.json();
        return HttpResponse.json({ id: 44 });
      }),
    );
    const { user, router } = renderWithRouter(<BookedTeachers />, '/student/booked-teachers', [
      { path: '/student/messages', element: <p>messages</p> },
    ]);
    const mina = await screen.findByRole('article', { name: 'Mina' });
    expect(within(mina).getByText('Booked sessions: 3')).toBeInTheDocument();
    expect(await within(mina).findByText('IELTS teacher for ten years')).toBeInTheDocument();
    expect(within(mina).getByRole('link', { name: 'View sessions with Mina' })).toHaveAttribute('href', '/student/booked-slots?teacher=5');
    const omid = screen.getByRole('article', { name: 'Omid' });
    expect(await within(omid).findByText('This teacher has not written a bio yet.')).toBeInTheDocument();
    expect(within(omid).getByText('No upcoming session')).toBeInTheDocument();

    await user.click(within(mina).getByRole('button', { name: 'Chat with Mina' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/messages'));
    expect(router.state.location.search).toBe('?chat=44');
    expect(chatBody).toEqual({ teacher_id: 5 });
  });

  it('invites to find a teacher when none was booked', async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('*/api/slot/lists/student/', () => HttpResponse.json([classes[5]])));
    renderWithRouter(<BookedTeachers />, '/student/booked-teachers');
    expect(await screen.findByText('You have not booked a class yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a teacher' })).toHaveAttribute('href', '/student/find-teacher');
  });
});
