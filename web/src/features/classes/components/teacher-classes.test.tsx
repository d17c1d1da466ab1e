import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import { makeBooking } from '../testing';
import { TeacherClasses } from './teacher-classes';

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const sara = { id: 9, username: 'sara', name: 'Sara', photo: null };
const reza = { id: 10, username: 'reza', name: 'Reza', photo: null };
const teacher = makeUser({ id: 5, role: 'teacher', username: 'mina' });

function classes() {
  const now = Date.now();
  return [
    makeBooking({ id: 1, student: sara, start_time: iso(now + 10 * MIN) }),
    makeBooking({ id: 2, student: reza, start_time: iso(now + 3 * 24 * 60 * MIN) }),
    makeBooking({ id: 3, student: sara, start_time: iso(now - 3 * 24 * 60 * MIN), status: 'done', duration: 45 }),
    makeBooking({
      id: 4,
      student: reza,
      start_time: iso(now + 2 * 24 * 60 * MIN),
      status: 'cancel_pending',
      requested_at: iso(now - 30 * MIN),
    }),
    makeBooking({ id: 5, student: sara, start_time: iso(now - 24 * 60 * MIN), status: 'approved_cancel', cancelled_by: 'teacher' }),
  ];
}

function setup(list = classes()) {
  signIn(teacher);
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(teacher)),
    http.get('*/api/slot/lists/teacher/', () => HttpResponse.json(list)),
  );
}

describe('TeacherClasses', { timeout: 120_000 }, () => {
  it('shows four tabs with counts, the join button only in its window, and day labels', async () => {
    await i18n.changeLanguage('en');
    setup();
    const { user } = renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    const upcomingTab = await screen.findByRole('tab', { name: 'Upcoming 2' });
    expect(upcomingTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Completed 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancellation requests 1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled 1' })).toBeInTheDocument();

    const rows = within(screen.getByRole('tabpanel')).getAllByRole('article');
    expect(rows).toHaveLength(2);
    // Starts in 10 minutes: inside the window.
    expect(within(rows[0]!).getByRole('link', { name: /Join class/ })).toHaveAttribute('href', 'https://meet.jit.si/zabano-1');
    expect(within(rows[0]!).getByText('Sara')).toBeInTheDocument();
    // In three days: not near.
    expect(within(rows[1]!).getByRole('button', { name: 'Class time is not near' })).toBeDisabled();
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Completed 1' }));
    const done = within(screen.getByRole('tabpanel')).getByRole('article');
    expect(done).toHaveTextContent('Sara');
    expect(done).toHaveTextContent('45 minutes');

    await user.click(screen.getByRole('tab', { name: 'Cancelled 1' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('article')).toHaveTextContent('Cancelled by you');
  });

  it('labels today and tomorrow, and moves between tabs with the arrow keys', async () => {
    await i18n.changeLanguage('en');
    const now = Date.now();
    // A time of day that keeps "tomorrow" tomorrow in the browser's zone.
    const tomorrow = new Date(now);
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(12, 0, 0, 0);
    setup([makeBooking({ id: 1, student: sara, start_time: iso(now + 5 * MIN) }), makeBooking({ id: 2, student: reza, start_time: iso(tomorrow.getTime()) })]);
    const { user } = renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    const rows = await screen.findAllByRole('article');
    const today = new Date(now);
    const labels = rows.map((r) => r.getAttribute('aria-label'));
    // The first class may fall tomorrow when the test runs just before midnight.
    expect(labels[0]).toMatch(today.getHours() === 23 && today.getMinutes() >= 54 ? /Tomorrow/ : /Sara, Today/);
    expect(labels[1]).toMatch(/^Reza, Tomorrow/);
    // No requests: the count is hidden.
    expect(screen.getByRole('tab', { name: 'Cancellation requests' })).toBeInTheDocument();
    screen.getByRole('tab', { name: 'Upcoming 2' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Completed 0' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No class has taken place yet.')).toBeInTheDocument();
  });

  it('approves a request with a spinner on that request, and rejects another', async () => {
    await i18n.changeLanguage('en');
    const list = classes();
    list.push(
      makeBooking({ id: 6, student: sara, start_time: iso(Date.now() + 4 * 24 * 60 * MIN), status: 'cancel_pending', requested_at: iso(Date.now() - 5 * MIN) }),
    );
    setup(list);
    const seen: Array<{ id: string | null; body: unknown }> = [];
    server.use(
      http.put('*/api/slot/cancel/approve/', async ({ request }) => {
        seen.push({ id: new URL(request.url).searchParams.get('id'), body: await request.json() });
        await delay(150);
        return HttpResponse.json({ ...list[3], status: 'approved_cancel' });
      }),
    );
    const { user } = renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    await user.click(await screen.findByRole('tab', { name: 'Cancellation requests 2' }));
    const requests = within(screen.getByRole('tabpanel')).getAllByRole('article');
    // Oldest request first.
    expect(requests[0]).toHaveTextContent('Reza');
    expect(requests[0]).toHaveTextContent('Requested at');
    await user.click(within(requests[0]!).getByRole('button', { name: 'Approve the cancellation request of Reza' }));
    const approve = within(requests[0]!).getByRole('button', { name: 'Approve the cancellation request of Reza' });
    expect(approve).toHaveAttribute('aria-busy', 'true');
    expect(approve).toBeDisabled();
    expect(within(requests[1]!).getByRole('button', { name: 'Reject the cancellation request of Sara' })).toBeDisabled();
    expect(await screen.findByText('The cancellation was approved and the student refunded.')).toBeInTheDocument();
    expect(seen[0]).toEqual({ id: '4', body: { approve: true } });

    await user.click(within(requests[1]!).getByRole('button', { name: 'Reject the cancellation request of Sara' }));
    await waitFor(() => expect(seen[1]).toEqual({ id: '6', body: { approve: false } }));
  });

  it('cancels an upcoming class after a confirmation, and shows a failure in the dialog', async () => {
    await i18n.changeLanguage('en');
    setup();
    let calls = 0;
    server.use(
      http.put('*/api/slot/teacher-cancel/:id/', ({ params }) => {
        calls++;
        if (calls === 1) return HttpResponse.json({ detail: 'This class has already started.' }, { status: 409 });
        return HttpResponse.json({ ...classes()[0], id: Number(params.id), status: 'approved_cancel' });
      }),
    );
    const { user } = renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    const rows = await screen.findAllByRole('article');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Cancel the class with Reza/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this class?' });
    expect(dialog).toHaveTextContent('refunded in full');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the class' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This class has already started.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the class' }));
    expect(await screen.findByText('The class was cancelled and the student refunded in full.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('has an empty state for each tab', async () => {
    await i18n.changeLanguage('en');
    setup([]);
    const { user } = renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    expect(await screen.findByText('You have no upcoming classes.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Cancellation requests' }));
    expect(screen.getByText('No cancellation requests are waiting.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Cancelled 0' }));
    expect(screen.getByText('You have no cancelled classes.')).toBeInTheDocument();
  });

  it('speaks Persian with Persian digits', async () => {
    setup();
    renderWithRouter(<TeacherClasses />, '/teacher/booked-slots');
    expect(await screen.findByRole('tab', { name: 'پیش رو ۲' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'زمان کلاس نزدیک نیست' })).toBeDisabled();
  });
});
