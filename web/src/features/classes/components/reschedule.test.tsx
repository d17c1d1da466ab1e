import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import type { Reschedule } from '../api/reschedule';
import { canPropose, openProposal, rescheduleSlots } from '../reschedule-rules';
import { makeBooking } from '../testing';
import { StudentClasses } from './student-classes';
import { TeacherClasses } from './teacher-classes';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const mina = { id: 5, username: 'mina', name: 'Mina', photo: null };
const sara = { id: 9, username: 'sara', name: 'Sara', photo: null };

function slot(id: number, start: number) {
  const at = iso(start);
  return { id, teacher: 5, start: at, end: iso(start + HOUR), date: at.slice(0, 10), start_time: at.slice(11, 16), end_time: '', is_booked: false, status: 'available' as const };
}

function proposal(by: 'student' | 'teacher', start: number, over: Partial<Reschedule> = {}): Reschedule {
  return { id: 40, booking: 1, slot: slot(21, start), proposed_by: by, created_at: iso(Date.now()), expires_at: iso(Date.now() + 48 * HOUR), status: 'open', ...over };
}

// Both screens read the teacher's free times and send proposals and answers.
function setup(role: 'student' | 'teacher', list: ReturnType<typeof makeBooking>[]) {
  const user = role === 'student' ? makeUser() : makeUser({ id: 5, role: 'teacher', username: 'mina' });
  const sent: Array<{ path: string; body: unknown }> = [];
  const inTwoDays = Date.now() + 48 * HOUR;
  localStorage.setItem('zabano.tz', 'UTC');
  signIn(user);
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(user)),
    http.get(`*/api/slot/lists/${role}/`, () => HttpResponse.json(list)),
    http.get('*/api/slot/teacher/5/', () => HttpResponse.json([slot(1, inTwoDays), slot(22, inTwoDays + 2 * HOUR)])),
    http.post('*/api/slot/1/reschedule/', async ({ request }) => {
      const body = (await request.json()) as { slot: number };
      sent.push({ path: 'propose', body });
      return HttpResponse.json(proposal(role, inTwoDays + 2 * HOUR, { slot: slot(body.slot, inTwoDays + 2 * HOUR) }), { status: 201 });
    }),
    http.put('*/api/slot/reschedule/40/', async ({ request }) => {
      const body = (await request.json()) as { accept: boolean };
      sent.push({ path: 'answer', body });
      return HttpResponse.json({ ...proposal('teacher', inTwoDays), status: body.accept ? 'accepted' : 'declined' });
    }),
  );
  return sent;
}

describe('rescheduling rules', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const b = makeBooking({ id: 1, start_time: '2026-11-23T09:00:00Z' });
  it('treats a proposal as gone from its expiry on, and allows a new one then', () => {
    const open = { ...b, reschedule: proposal('teacher', now, { expires_at: '2026-11-22T12:00:00Z' }) };
    expect(openProposal(open, now)).not.toBeNull();
    expect(canPropose(open, now)).toBe(false);
    expect(openProposal(open, Date.parse('2026-11-22T12:00:00Z'))).toBeNull();
    expect(canPropose(open, Date.parse('2026-11-22T12:00:00Z'))).toBe(true);
  });
  it('offers only booked classes not started, and the teacher\'s free times but the class\'s own', () => {
    expect(canPropose({ ...b, status: 'cancel_pending' }, now)).toBe(false);
    expect(canPropose(b, Date.parse(b.start_time))).toBe(false);
    const slots = [slot(1, now + HOUR), slot(2, now + 2 * HOUR), { ...slot(3, now + 3 * HOUR), teacher: 7 }, slot(4, now - HOUR)];
    expect(rescheduleSlots(slots, b, now).map((s) => s.id)).toEqual([2]);
  });
});

describe('Rescheduling on the class cards', { timeout: 120_000 }, () => {
  it('lets the student propose another free time of the teacher', async () => {
    await i18n.changeLanguage('en');
    const sent = setup('student', [makeBooking({ id: 1, teacher: mina, start_time: iso(Date.now() + 48 * HOUR) })]);
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    await user.click(await screen.findByRole('button', { name: 'Propose another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose another time' });
    const times = await within(dialog).findAllByRole('button', { pressed: false });
    // The class's own slot (1) is not offered: the only time is slot 22.
    const choice = times.find((t) => t.getAttribute('aria-label')?.includes('–'))!;
    expect(within(dialog).getByRole('button', { name: 'Propose this time' })).toBeDisabled();
    await user.click(choice);
    await user.click(within(dialog).getByRole('button', { name: 'Propose this time' }));
    await screen.findByText('Your proposal was sent. The time is held until the other side answers.');
    expect(sent).toEqual([{ path: 'propose', body: { slot: 22 } }]);
  });

  it("shows the teacher's proposal to the student with accept and decline", async () => {
    await i18n.changeLanguage('en');
    const start = Date.now() + 72 * HOUR;
    const sent = setup('student', [
      makeBooking({ id: 1, teacher: mina, start_time: iso(Date.now() + 48 * HOUR), reschedule: proposal('teacher', start) }),
    ]);
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    const panel = await screen.findByRole('region', { name: 'Proposal of another time' });
    expect(panel).toHaveTextContent('The teacher proposes moving this class to');
    expect(panel).toHaveTextContent('Answer by');
    // One open proposal a class: no second one is offered.
    expect(screen.queryByRole('button', { name: 'Propose another time' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    await screen.findByText('The class was moved to the new time.');
    expect(sent).toEqual([{ path: 'answer', body: { accept: true } }]);
  });

  it('tells the proposer it waits for an answer, with no way to answer it', async () => {
    await i18n.changeLanguage('en');
    setup('student', [
      makeBooking({ id: 1, teacher: mina, start_time: iso(Date.now() + 48 * HOUR), reschedule: proposal('student', Date.now() + 72 * HOUR) }),
    ]);
    renderWithRouter(<StudentClasses />, '/student/booked-slots');
    const panel = await screen.findByRole('region', { name: 'Proposal of another time' });
    expect(panel).toHaveTextContent('You proposed moving this class to');
    expect(panel).toHaveTextContent('Waiting for an answer until');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it("lets the teacher propose from an upcoming row and decline a student's proposal", async () => {
    await i18n.changeLanguage('en');
    const sent = setup('teacher', [
      makeBooking({ id: 1, student: sara, start_time: iso(Date.now() + 48 * HOUR), reschedule: proposal('student', Date.now() + 72 * HOUR) }),
      makeBooking({ id: 2, student: sara, start_time: iso(Date.now() + 96 * HOUR), slot: 30 }),
    ]);
    const { user } = renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    const panel = await screen.findByRole('region', { name: 'Proposal of another time' });
    expect(panel).toHaveTextContent('The student proposes moving this class to');
    // Only the class without a proposal offers a new one.
    expect(screen.getAllByRole('button', { name: 'Propose another time' })).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Decline' }));
    await screen.findByText('The proposal was declined; the class stays at its time.');
    expect(sent).toEqual([{ path: 'answer', body: { accept: false } }]);
  });

  it('words the proposal in Persian', async () => {
    await i18n.changeLanguage('fa');
    setup('student', [
      makeBooking({ id: 1, teacher: mina, start_time: iso(Date.now() + 48 * HOUR), reschedule: proposal('teacher', Date.now() + 72 * HOUR) }),
    ]);
    renderWithRouter(<StudentClasses />, '/student/booked-slots');
    const panel = await screen.findByRole('region', { name: 'پیشنهاد زمان دیگر' });
    expect(within(panel).getByRole('button', { name: 'می‌پذیرم' })).toBeInTheDocument();
    await waitFor(() => expect(panel).toHaveTextContent('استاد پیشنهاد می‌دهد'));
  });
});
