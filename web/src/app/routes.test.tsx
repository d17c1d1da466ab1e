import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import Cookies from 'js-cookie';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { inOneHour, makeToken, makeUser, renderApp, signIn } from '@/testing/test-utils';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "name")');
}

function profileIs(user = makeUser()) {
  server.use(http.get('*/api/profile/', () => HttpResponse.json(user)));
}

describe('routes', () => {
  // Screens of later issues load their own data; this suite only looks at the
  // shell, so their calls get a quiet 404 unless a test says otherwise.
  beforeEach(() => {
    server.use(http.all('*/api/*', () => HttpResponse.json({ detail: 'unmocked' }, { status: 404 })));
  });

  it('sends / and unknown paths to /login when signed out', async () => {
    const a = renderApp('/');
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/login'));
    a.unmount();
    const b = renderApp('/no/such/page');
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/login'));
  });

  it('sends a protected path to /login when signed out', async () => {
    const { router } = renderApp('/student/wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('redirects the area roots to their default child', async () => {
    profileIs();
    signIn();
    const { router } = renderApp('/student');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'داشبورد' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('داشبورد - زبانو'));
  });

  it('keeps each role in its own area', async () => {
    profileIs(makeUser({ role: 'teacher' }));
    signIn(makeUser({ role: 'teacher' }));
    const a = renderApp('/student/wallet');
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/teacher/booked-slots'));
    a.unmount();
    profileIs(makeUser({ role: 'student' }));
    signIn(makeUser({ role: 'student' }));
    const b = renderApp('/teacher/availability');
    await waitFor(() => expect(b.router.state.location.pathname).toBe('/student/dashboard'));
  });

  it('keeps operators in the console and members out of it', async () => {
    await i18n.changeLanguage('en');
    const admin = makeUser({ role: 'admin', username: 'ops' });
    profileIs(admin);
    signIn(admin);
    const a = renderApp('/student/wallet');
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/admin/overview'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Teacher review' })).toHaveAttribute('href', '/admin/teachers');
    expect(within(nav).queryByRole('link', { name: 'Messages' })).not.toBeInTheDocument();
    await a.router.navigate('/teacher/wallet');
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/admin/overview'));
    a.unmount();
    for (const role of ['student', 'teacher'] as const) {
      profileIs(makeUser({ role }));
      signIn(makeUser({ role }));
      const b = renderApp('/admin/users');
      await waitFor(() => expect(b.router.state.location.pathname).toBe(role === 'teacher' ? '/teacher/booked-slots' : '/student/dashboard'));
      b.unmount();
    }
  });

  it('shows every student screen with its heading and title', async () => {
    await i18n.changeLanguage('en');
    profileIs();
    signIn();
    const { router } = renderApp('/student/find-teacher/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a teacher' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Choose a teacher - Zabano'));
    const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Find a teacher' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await router.navigate('/student/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeInTheDocument();
  });

  it('shows the progress card to students only, with real zero figures', async () => {
    await i18n.changeLanguage('en');
    profileIs();
    server.use(
      http.get('*/api/student/progress/', () =>
        HttpResponse.json({
          currentLevel: '', currentLevelCode: '', progress: 0, lessons: 0, totalHours: 0, totalMinutes: 0,
          classesThisWeek: 0, upcoming: 0, exercises: 0, exams: 0, weekly: [],
        }),
      ),
    );
    signIn();
    const a = renderApp('/student/dashboard');
    const card = await screen.findByRole('region', { name: 'Your progress' });
    expect(await within(card).findByText('—')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    a.unmount();
    profileIs(makeUser({ role: 'teacher' }));
    signIn(makeUser({ role: 'teacher' }));
    renderApp('/teacher/students');
    expect(await screen.findByRole('heading', { level: 1, name: 'Language learners' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your progress' })).not.toBeInTheDocument();
  });

  it('ignores an expired stored token', async () => {
    Cookies.set('zabano_token', makeToken({ exp: Math.floor(Date.now() / 1000) - 5 }));
    Cookies.set('zabano_user', JSON.stringify(makeUser()));
    const { router } = renderApp('/student/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(Cookies.get('zabano_user')).toBeUndefined();
  });

  it('loads the profile when the user cookie was corrupted', async () => {
    profileIs(makeUser({ role: 'teacher' }));
    Cookies.set('zabano_token', makeToken({ exp: inOneHour() }));
    Cookies.set('zabano_user', '%%%not-json');
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher/booked-slots'));
    expect(JSON.parse(Cookies.get('zabano_user')!)).toMatchObject({ role: 'teacher' });
  });

  it('logs out when an authenticated call answers 401', async () => {
    server.use(http.get('*/api/profile/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })));
    signIn();
    const { router } = renderApp('/student/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(Cookies.get('zabano_token')).toBeUndefined();
  });

  it('logs out the moment the token expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      profileIs();
      const token = makeToken({ exp: Math.floor(Date.now() / 1000) + 30 });
      Cookies.set('zabano_token', token);
      Cookies.set('zabano_user', JSON.stringify(makeUser()));
      const { router } = renderApp('/student/dashboard');
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      vi.advanceTimersByTime(31_000);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs out from the sidebar, replacing history with /login', async () => {
    await i18n.changeLanguage('en');
    profileIs();
    signIn();
    const { router, user } = renderApp('/student/dashboard');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main menu' }))[0]!;
    await user.click(within(nav).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(Cookies.get('zabano_token')).toBeUndefined();
  });

  it('shows a render failure with its message and a retry', async () => {
    await i18n.changeLanguage('en');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/broken', { routes: [{ path: '/broken', element: <Broken />, errorElement: <RouteError fullPage /> }] });
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined (reading "name")')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
