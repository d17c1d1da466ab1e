import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import Cookies from 'js-cookie';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import { SettingsScreen } from './settings-screen';

function asStudent() {
  const user = makeUser({ username: 'sara' });
  server.use(http.get('*/api/profile/', () => HttpResponse.json(user)));
  return signIn(user);
}

describe("the user's own data in Settings", () => {
  // The calendar section reads the member's address (settings-sections.test.tsx looks at it).
  beforeEach(() => {
    server.use(http.get('*/api/calendar/', () => HttpResponse.json({ url: 'http://localhost/api/calendar/tok.ics' })));
  });

  afterEach(() => vi.restoreAllMocks());

  it('downloads the archive with the session’s token, under the server’s file name', async () => {
    await i18n.changeLanguage('en');
    const token = asStudent();
    let auth: string | null = null;
    server.use(
      http.get('*/api/account/export/', ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="zabano-sara.zip"' },
        });
      }),
    );
    const created = vi.fn((_: Blob) => 'blob:zabano');
    URL.createObjectURL = created as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderWithRouter(<SettingsScreen role="student" />, '/student/settings');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded.')).toBeInTheDocument();
    expect(auth).toBe(`Bearer ${token}`);
    expect(names).toEqual(['zabano-sara.zip']);
    expect(created.mock.calls[0]![0].type).toBe('application/zip');
  });

  it('says why an account cannot be deleted, and deletes it with the password', async () => {
    asStudent();
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/account/delete/', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        sent.push(body);
        if (body.password === 'wrong') return HttpResponse.json({ password: ['رمز عبور درست نیست.'] }, { status: 400 });
        if (sent.length === 2) return HttpResponse.json({ detail: 'تا موجودی کیف پول را پس نگرفته‌اید، حذف حساب ممکن نیست.' }, { status: 409 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderWithRouter(<SettingsScreen role="student" />, '/student/settings', [{ path: '/login', element: <p>login page</p> }]);
    await user.click(await screen.findByRole('button', { name: 'حذف حساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف حساب کاربری' });
    const submit = within(dialog).getByRole('button', { name: 'حذف همیشگی حساب' });
    await user.click(submit);
    expect(await within(dialog).findByText('رمز عبور را وارد کنید.')).toBeInTheDocument();
    const password = within(dialog).getByLabelText('رمز عبور');
    await user.type(password, 'wrong');
    await user.click(submit);
    expect(await within(dialog).findByText('رمز عبور درست نیست.')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'secret123');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('تا موجودی کیف پول را پس نگرفته‌اید، حذف حساب ممکن نیست.');
    expect(Cookies.get('zabano_token')).toBeDefined();
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(Cookies.get('zabano_token')).toBeUndefined();
    expect(sent).toEqual([{ password: 'wrong' }, { password: 'secret123' }, { password: 'secret123' }]);
  });
});
