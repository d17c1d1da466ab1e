import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { inOneHour, makeToken, makeUser, renderApp, signIn } from '@/testing/test-utils';

function mockLogin(role: 'student' | 'teacher', opts: { slow?: boolean } = {}) {
  const seen: Array<Record<string, unknown>> = [];
  server.use(
    http.post('*/api/token/', async ({ request }) => {
      seen.push((await request.json()) as Record<string, unknown>);
      if (opts.slow) await delay(200);
      return HttpResponse.json({ access: makeToken({ role, exp: inOneHour() }) });
    }),
    http.get('*/api/profile/', () => HttpResponse.json(makeUser({ role, username: 'sara' }))),
  );
  return seen;
}

describe('login screen', () => {
  it('requires username and password, in Persian by default', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'ورود زبان‌آموز' }));
    expect(await screen.findByText('نام کاربری الزامی است.')).toBeInTheDocument();
    expect(screen.getByText('رمز عبور الزامی است.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('ورود - زبانو'));
  });

  it('focuses the first wrong field, checks again as it is typed and sends the username trimmed', async () => {
    const seen = mockLogin('student');
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('رمز عبور'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'ورود زبان‌آموز' }));
    expect(await screen.findByText('نام کاربری الزامی است.')).toBeInTheDocument();
    expect(screen.queryByText('رمز عبور الزامی است.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('نام کاربری')).toHaveFocus();
    await user.type(screen.getByLabelText('نام کاربری'), '  sara ');
    expect(screen.queryByText('نام کاربری الزامی است.')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('رمز عبور'));
    expect(screen.getByText('رمز عبور الزامی است.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('رمز عبور'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'ورود زبان‌آموز' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
    expect(seen[0]).toEqual({ username: 'sara', password: 'secret1', role: 'student' });
  });

  it('speaks English when English is chosen', async () => {
    await i18n.changeLanguage('en');
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in as a learner' }));
    expect(await screen.findByText('Username is required.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Log in - Zabano'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('preselects the teacher entrance from ?role=teacher, sends the role and lands on the teacher home', async () => {
    const seen = mockLogin('teacher', { slow: true });
    const { user, router } = renderApp('/login?role=teacher');
    expect(await screen.findByRole('radio', { name: 'استاد' })).toBeChecked();
    await user.type(screen.getByLabelText('نام کاربری'), 'sara');
    await user.type(screen.getByLabelText('رمز عبور'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'ورود استاد' }));
    expect(await screen.findByText('در حال بررسی پروفایل شما…')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher/booked-slots'));
    expect(seen[0]).toEqual({ username: 'sara', password: 'secret1', role: 'teacher' });
    expect(await screen.findByRole('heading', { level: 1, name: 'کلاس‌های من' })).toBeInTheDocument();
    expect(document.cookie).toContain('zabano_token=');
  });

  it('switches entrance with the radios and sends students to the dashboard', async () => {
    const seen = mockLogin('student');
    const { user, router } = renderApp('/login?role=teacher');
    await user.click(await screen.findByRole('radio', { name: 'زبان‌آموز' }));
    await user.type(screen.getByLabelText('نام کاربری'), 'sara');
    await user.type(screen.getByLabelText('رمز عبور'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'ورود زبان‌آموز' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
    expect(seen[0]?.role).toBe('student');
  });

  it('shows the server message above the form and clears it on the next submit', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/token/', async () => {
        calls++;
        if (calls === 1) {
          return HttpResponse.json(
            { detail: 'دسترسی ممنوع. این ورود فقط برای استادان است. نقش شما زبان‌آموز است.' },
            { status: 403 },
          );
        }
        await delay(100);
        return HttpResponse.json({ detail: 'ورود ناموفق بود.' }, { status: 401 });
      }),
    );
    const { user } = renderApp('/login?role=teacher');
    await user.type(await screen.findByLabelText('نام کاربری'), 'sara');
    await user.type(screen.getByLabelText('رمز عبور'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'ورود استاد' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('این ورود فقط برای استادان است');
    await user.click(screen.getByRole('button', { name: 'ورود استاد' }));
    expect(screen.queryByText(/این ورود فقط برای استادان است/)).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('ورود ناموفق بود.');
  });

  it('falls back to the spec message when a 401 has no detail, and to the network message offline', async () => {
    await i18n.changeLanguage('en');
    server.use(http.post('*/api/token/', () => new HttpResponse(null, { status: 401 })));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'sara');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in as a learner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please check your credentials.');

    server.use(http.post('*/api/token/', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Log in as a learner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error: Unable to connect to server.');
  });

  it('denies a profile of the other role even if the server let it through', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.post('*/api/token/', () => HttpResponse.json({ access: makeToken({ exp: inOneHour() }) })),
      http.get('*/api/profile/', () => HttpResponse.json(makeUser({ role: 'student' }))),
    );
    const { user } = renderApp('/login?role=teacher');
    await user.type(await screen.findByLabelText('Username'), 'sara');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in as a teacher' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied. This login is for teachers only. Your role is student.',
    );
    expect(document.cookie).not.toContain('zabano_token=');
  });

  it('reports a profile that cannot be read', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.post('*/api/token/', () => HttpResponse.json({ access: makeToken({ exp: inOneHour() }) })),
      http.get('*/api/profile/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'sara');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in as a learner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch profile data');
  });

  it('shows the registration notice', async () => {
    renderApp('/login?registration=success');
    expect(await screen.findByText(/ثبت‌نام با موفقیت انجام شد/)).toBeInTheDocument();
  });

  it('sends a signed-in user home', async () => {
    server.use(http.get('*/api/profile/', () => HttpResponse.json(makeUser({ role: 'teacher' }))));
    signIn(makeUser({ role: 'teacher' }));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher/booked-slots'));
  });
});
