import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import { notificationsKeys } from '../api/get-notifications';
import type { Notification } from '../types';

function n(id: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'class_booked',
    read: false,
    created_at: new Date(Date.UTC(2026, 10, 21, 6, 30) + id * 60_000).toISOString(),
    object: { type: 'booking', id },
    title: `New class booked ${id}`,
    text: `Sara booked a class with you (${id}).`,
    link: '/teacher/booked-slots',
    ...over,
  };
}

/** api serves the reader's notifications from a list, newest first, 20 a page. */
function api(list: Notification[]) {
  // asked counts the list's readings and calledOff those the app gave up
  // on; hold, while set, keeps their answers (as they were when asked) until it resolves.
  const b = { list, reads: [] as number[], readAll: 0, asked: 0, calledOff: 0, hold: undefined as undefined | Promise<void> };
  const unread = () => b.list.filter((x) => !x.read).length;
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(makeUser({ id: 7, role: 'teacher', username: 'nima' }))),
    http.get('*/api/notifications/', async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const body = { results: b.list.slice((page - 1) * 20, page * 20), unread: unread() };
      b.asked++;
      await b.hold;
      if (request.signal.aborted) b.calledOff++;
      return HttpResponse.json(body);
    }),
    http.post('*/api/notifications/:id/read/', ({ params }) => {
      b.reads.push(Number(params.id));
      b.list = b.list.map((x) => (x.id === Number(params.id) ? { ...x, read: true } : x));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/notifications/read-all/', () => {
      b.readAll++;
      b.list = b.list.map((x) => ({ ...x, read: true }));
      return new HttpResponse(null, { status: 204 });
    }),
    // The classes screen a booking's notification leads to.
    http.get('*/api/slot/lists/teacher/', () => HttpResponse.json([])),
  );
  return b;
}

function stream() {
  const s = { push: undefined as undefined | ((text: string) => void) };
  server.use(
    http.get('*/api/events/', () => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          s.push = (t) => c.enqueue(new TextEncoder().encode(t));
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return s;
}

const signInTeacher = () => signIn(makeUser({ id: 7, role: 'teacher', username: 'nima' }));

beforeAll(async () => {
  await import('@/app/routes/app/area');
  await import('@/app/routes/app/notifications');
}, 120_000);

describe('notifications', { timeout: 60_000 }, () => {
  it('counts the unread in the bell and raises it live when a notification arrives', async () => {
    await i18n.changeLanguage('en');
    const b = api([n(2), n(1, { read: true })]);
    const s = stream();
    signInTeacher();
    renderApp('/teacher/notifications');
    const bell = await screen.findByRole('link', { name: 'Notifications: 1 unread' });
    expect(bell).toHaveAttribute('href', '/teacher/notifications');
    await waitFor(() => expect(s.push).toBeDefined());
    const fresh = n(3, { title: 'Class tomorrow', text: 'Your class with Sara is tomorrow.' });
    b.list = [fresh, ...b.list];
    s.push!(`id: 1\nevent: notification\ndata: ${JSON.stringify({ chat_id: 0, notification: fresh, unread: 2 })}\n\n`);
    expect(await screen.findByRole('link', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Class tomorrow');
  });

  it('lists newest first with the unread marked; opening one marks it read and goes to its screen', async () => {
    await i18n.changeLanguage('en');
    const b = api([n(2), n(1, { read: true, object: { type: 'chat', id: 5 }, link: '/teacher/messages?chat=5', title: 'New message' })]);
    signInTeacher();
    const { user, router } = renderApp('/teacher/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveTextContent('Unread: New class booked 2');
    expect(first).toHaveTextContent('Sara booked a class with you (2).');
    expect(second).not.toHaveTextContent('Unread:');
    expect(screen.getByText('1 unread notification')).toBeInTheDocument();
    expect(second).toHaveAttribute('href', '/teacher/messages?chat=5');

    await user.click(first!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher/booked-slots'));
    await waitFor(() => expect(b.reads).toEqual([2]));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('keeps a read read when a reading of the list from before it answers after it', async () => {
    await i18n.changeLanguage('en');
    const b = api([n(2), n(1)]);
    signInTeacher();
    const { user, queryClient } = renderApp('/teacher/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(await screen.findByRole('link', { name: 'Notifications: 2 unread' })).toBeInTheDocument();

    let release!: () => void;
    b.hold = new Promise((r) => (release = r));
    const asked = b.asked;
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    await waitFor(() => expect(b.asked).toBe(asked + 1)); // asked with two unread, held

    await user.click(within(list).getAllByRole('link')[0]!);
    await waitFor(() => expect(b.reads).toEqual([2]));
    b.hold = undefined;
    release();
    await waitFor(() => expect(b.asked).toBe(asked + 2)); // read again after the mark
    // The held reading was called off: its answer, with two unread, never reaches the bell.
    await waitFor(() => expect(b.calledOff).toBe(1));
    expect(await screen.findByRole('link', { name: 'Notifications: 1 unread' })).toBeInTheDocument();
  });

  it('keeps a notification that arrives live while a reading of the list from before it is under way', async () => {
    await i18n.changeLanguage('en');
    const b = api([n(2), n(1, { read: true })]);
    const s = stream();
    signInTeacher();
    const { queryClient } = renderApp('/teacher/notifications');
    expect(await screen.findByRole('link', { name: 'Notifications: 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(s.push).toBeDefined());

    let release!: () => void;
    b.hold = new Promise((r) => (release = r));
    const asked = b.asked;
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    await waitFor(() => expect(b.asked).toBe(asked + 1)); // asked before the notification, held

    const fresh = n(3, { title: 'Class tomorrow', text: 'Your class with Sara is tomorrow.' });
    b.list = [fresh, ...b.list];
    s.push!(`id: 1\nevent: notification\ndata: ${JSON.stringify({ chat_id: 0, notification: fresh, unread: 2 })}\n\n`);
    expect(await screen.findByRole('link', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
    b.hold = undefined;
    release();
    // The held reading was called off and made again: its answer, without the notification, never shows.
    await waitFor(() => expect(b.calledOff).toBe(1));
    await waitFor(() => expect(b.asked).toBe(asked + 2));
    expect(await screen.findByRole('link', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('link')[0]).toHaveTextContent('Class tomorrow');
  });

  it('marks all read, and loads older pages', async () => {
    await i18n.changeLanguage('en');
    const b = api(Array.from({ length: 25 }, (_, i) => n(25 - i)));
    signInTeacher();
    const { user } = renderApp('/teacher/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Older notifications' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Older notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications: 25 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(b.readAll).toBe(1));
    expect(await screen.findByText('You have read every notification.')).toBeInTheDocument();
    expect(within(list).queryByText(/Unread:/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says so when there are none, in Persian', async () => {
    api([]);
    signInTeacher();
    renderApp('/teacher/notifications');
    expect(await screen.findByText('هنوز اعلانی ندارید.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'اعلان‌ها' })).toBeInTheDocument();
  });

  it('shows the count in Persian digits', async () => {
    api(Array.from({ length: 12 }, (_, i) => n(i + 1)));
    signInTeacher();
    renderApp('/teacher/notifications');
    expect(await screen.findByRole('link', { name: 'اعلان‌ها: ۱۲ خوانده‌نشده' })).toHaveTextContent('۱۲');
  });
});
