import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import { makeBooking } from '../testing';
import { StudentClasses } from './student-classes';

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const mina = { id: 5, username: 'mina', name: 'Mina', photo: null };
const omid = { id: 7, username: 'omid', name: 'Omid', photo: null };

function setup(list = classes()) {
  signIn(makeUser());
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(makeUser())),
    http.get('*/api/slot/lists/student/', () => HttpResponse.json(list)),
  );
}

function classes() {
  const now = Date.now();
  return [
    makeBooking({ id: 1, teacher: mina, start_time: iso(now - 3 * 24 * 60 * MIN), status: 'done' }),
    makeBooking({ id: 2, teacher: omid, start_time: iso(now + 2 * 24 * 60 * MIN) }),
    makeBooking({ id: 3, teacher: mina, start_time: iso(now + 24 * 60 * MIN) }),
    makeBooking({ id: 4, teacher: omid, start_time: iso(now - 2 * 60 * MIN), duration: 60 }),
    makeBooking({ id: 5, teacher: mina, start_time: iso(now + 3 * 24 * 60 * MIN), status: 'cancel_pending' }),
    makeBooking({ id: 6, teacher: omid, start_time: iso(now - 24 * 60 * MIN), status: 'approved_cancel' }),
  ];
}

const cardIds = () =>
  screen.getAllByRole('article').map((a) => Number(a.getAttribute('aria-labelledby')?.replace('class-', '')));

describe('StudentClasses', () => {
  it('orders upcoming classes soonest first, then past ones latest first, with their details', async () => {
    await i18n.changeLanguage('en');
    setup();
    renderWithRouter(<StudentClasses />, '/student/booked-slots');
    await screen.findAllByRole('article');
    expect(cardIds()).toEqual([3, 2, 5, 4, 6, 1]);
    const next = screen.getAllByRole('article')[0]!;
    expect(within(next).getByText('Mina')).toBeInTheDocument();
    expect(within(next).getByText('60 minutes')).toBeInTheDocument();
    expect(within(next).getByText('250,000 Toman')).toBeInTheDocument();
    expect(within(next).getByText('Upcoming')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: /Join the online class/ })).toHaveAttribute('href', 'https://meet.jit.si/zabano-3');
    // The link shows only while booked.
    const pending = screen.getAllByRole('article')[2]!;
    expect(within(pending).getByText('Cancellation requested')).toBeInTheDocument();
    expect(within(pending).queryByRole('link')).not.toBeInTheDocument();
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument();
  });

  it('preselects the teacher from ?teacher= and filters by status with the quick buttons and the list', async () => {
    await i18n.changeLanguage('en');
    setup();
    const { user, router } = renderWithRouter(<StudentClasses />, '/student/booked-slots?teacher=7');
    await screen.findAllByRole('article');
    expect(screen.getByLabelText('Teacher')).toHaveValue('7');
    expect(cardIds()).toEqual([2, 4, 6]);

    await user.click(screen.getByRole('button', { name: 'Upcoming (3)' }));
    expect(screen.getByRole('button', { name: 'Upcoming (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardIds()).toEqual([2, 4]);
    expect(router.state.location.search).toBe('?teacher=7&status=upcoming');

    await user.selectOptions(screen.getByLabelText('Teacher'), 'Mina');
    expect(cardIds()).toEqual([3]);
    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    expect(cardIds()).toEqual([1]);
    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelled');
    expect(screen.getByText('No classes match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cardIds()).toHaveLength(6);
    expect(screen.getByLabelText('Teacher')).toHaveValue('');
  });

  it('marks an ended class done after a confirmation, which pays the teacher', async () => {
    await i18n.changeLanguage('en');
    setup();
    let doneId = '';
    server.use(
      http.put('*/api/slot/done/:id/', async ({ params }) => {
        doneId = String(params.id);
        await delay(50);
        return HttpResponse.json({ ...classes()[3], status: 'done' });
      }),
    );
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    await screen.findAllByRole('article');
    // Only the booked class that has ended offers it.
    expect(screen.getAllByRole('button', { name: 'Mark done' })).toHaveLength(1);
    const ended = screen.getAllByRole('article')[3]!;
    await user.click(within(ended).getByRole('button', { name: 'Mark done' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Did this class take place?' });
    expect(dialog).toHaveTextContent('its price paid to the teacher');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, mark it done' }));
    expect(await screen.findByText('The class was marked done.')).toBeInTheDocument();
    expect(doneId).toBe('4');
  });

  it('asks to cancel only booked classes that have not started, warning that it cannot be undone', async () => {
    await i18n.changeLanguage('en');
    setup();
    let cancelled = '';
    server.use(
      http.put('*/api/slot/cancel/:id/', ({ params }) => {
        cancelled = String(params.id);
        return HttpResponse.json({ ...classes()[1], status: 'cancel_pending' });
      }),
    );
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    await screen.findAllByRole('article');
    // Classes 2 and 3 are ahead; class 4 has ended, too late to ask.
    expect(screen.getAllByRole('button', { name: 'Request cancellation' })).toHaveLength(2);
    const first = screen.getAllByRole('article')[0]!;
    await user.click(within(first).getByRole('button', { name: 'Request cancellation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ask to cancel this class?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    // Going back sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(cancelled).toBe('');
    await user.click(within(first).getByRole('button', { name: 'Request cancellation' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send the cancellation request' }));
    expect(await screen.findByText('Cancellation request sent successfully.')).toBeInTheDocument();
    expect(cancelled).toBe('3');
  });

  it('says before confirming whether a cancel is free until a time, in the viewer\'s zone, or the teacher\'s to approve', async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem('zabano.tz', 'America/New_York');
    // Free until 14:00 UTC, 9:00 AM in New York; the other class is past its free window.
    const free = makeBooking({ id: 8, teacher: mina, start_time: '2030-01-16T14:00:00Z', free_cancel_until: '2030-01-15T14:00:00Z' });
    const late = makeBooking({ id: 9, teacher: omid, start_time: '2030-01-17T14:00:00Z' });
    let list = [free, late];
    setup();
    let profiles = 0;
    server.use(
      http.get('*/api/slot/lists/student/', () => HttpResponse.json(list)),
      http.get('*/api/profile/', () => {
        profiles++;
        return HttpResponse.json(makeUser());
      }),
      http.put('*/api/slot/cancel/:id/', () => {
        const cancelled = { ...free, status: 'approved_cancel' as const, cancelled_by: 'student' as const, free_cancel_until: null };
        list = [cancelled, late];
        return HttpResponse.json(cancelled);
      }),
    );
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    await screen.findAllByRole('article');
    const [freeCard, lateCard] = screen.getAllByRole('article');
    expect(freeCard).toHaveTextContent(/Free cancellation until Tuesday, January 15, 2030, 9:00\sAM/);
    expect(lateCard).toHaveTextContent('The teacher must approve the cancellation');

    await user.click(within(lateCard!).getByRole('button', { name: 'Request cancellation' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Ask to cancel this class?' });
    expect(ask).toHaveTextContent('The teacher must approve the cancellation');
    await user.click(within(ask).getByRole('button', { name: 'Go back' }));

    await user.click(within(freeCard!).getByRole('button', { name: 'Request cancellation' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this class?' });
    expect(dialog).toHaveTextContent(/Free cancellation until Tuesday, January 15, 2030, 9:00\sAM/);
    expect(dialog).toHaveTextContent('250,000 Toman returned to your wallet');
    const before = profiles;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the class' }));
    expect(await screen.findByText('The class was cancelled and 250,000 Toman returned to your wallet.')).toBeInTheDocument();
    // The card shows it cancelled, and the balance is read again.
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Mina' })).getByText('Cancelled')).toBeInTheDocument());
    await waitFor(() => expect(profiles).toBeGreaterThan(before));
    localStorage.removeItem('zabano.tz');
  });

  it('says the free cancellation in Persian', async () => {
    await i18n.changeLanguage('fa');
    setup([makeBooking({ id: 8, teacher: mina, start_time: '2030-01-16T14:00:00Z', free_cancel_until: '2030-01-15T14:00:00Z' })]);
    renderWithRouter(<StudentClasses />, '/student/booked-slots');
    expect(await screen.findByRole('article')).toHaveTextContent('لغو رایگان تا');
  });

  it('shows the server message when an action fails', async () => {
    setup();
    server.use(
      http.put('*/api/slot/cancel/:id/', () => HttpResponse.json({ detail: 'این کلاس دیگر رزرو نیست.' }, { status: 409 })),
    );
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    await screen.findAllByRole('article');
    await user.click(screen.getAllByRole('button', { name: 'درخواست لغو' })[0]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'ارسال درخواست لغو' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('این کلاس دیگر رزرو نیست.');
  });

  it('has an empty state that leads to the teachers, and an error state with retry', async () => {
    await i18n.changeLanguage('en');
    setup([]);
    renderWithRouter(<StudentClasses />, '/student/booked-slots');
    expect(await screen.findByText('You have not booked a class yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a teacher' })).toHaveAttribute('href', '/student/find-teacher');
  });

  it('reports a list that fails to load and reads it again on retry', async () => {
    await i18n.changeLanguage('en');
    setup();
    let calls = 0;
    server.use(
      http.get('*/api/slot/lists/student/', () => {
        calls++;
        return calls === 1 ? HttpResponse.json({ detail: 'Server is busy.' }, { status: 503 }) : HttpResponse.json(classes());
      }),
    );
    const { user } = renderWithRouter(<StudentClasses />, '/student/booked-slots');
    // 5xx is retried twice by the app's client; the test client does not retry.
    expect(await screen.findByRole('alert')).toHaveTextContent('Server is busy.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
  });
});
