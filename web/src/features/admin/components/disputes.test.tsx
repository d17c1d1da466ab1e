import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import { dispute, person } from '../testing';
import { refundOf } from './disputes';

beforeEach(() => {
  const admin = makeUser({ role: 'admin', username: 'ops' });
  server.use(http.get('*/api/profile/', () => HttpResponse.json(admin)));
  signIn(admin);
});

describe('disputes', () => {
  it('rounds half of an odd price up for the student, as the server does', () => {
    expect(refundOf(100, 35001)).toBe(35001);
    expect(refundOf(50, 35001)).toBe(17501);
    expect(refundOf(0, 35001)).toBe(0);
  });

  it('lists the open ones and opens one: the class, both statements and the pair’s messages', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.get('*/api/admin/disputes/', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('status') === 'disputed' ? [dispute(4)] : []),
      ),
      http.get('*/api/admin/disputes/4/', () => HttpResponse.json(dispute(4))),
    );
    const { user, router } = renderApp('/admin/disputes');
    const row = await screen.findByTestId('admin-dispute');
    expect(row).toHaveTextContent('The learner reported: The teacher did not come');
    await user.click(within(row).getByRole('link', { name: /English · B1 class/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/disputes/4'));
    const statements = await screen.findByRole('region', { name: 'Both sides' });
    expect(statements).toHaveTextContent('The teacher never joined.');
    expect(statements).toHaveTextContent("The teacher's answer: declined");
    expect(screen.getAllByTestId('dispute-message')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'The class' })).toHaveTextContent('35,001 Toman');
    expect(screen.getByRole('region', { name: 'Decision' })).toHaveTextContent('Not decided yet.');
  });

  it('decides with a refund and a note, both required', async () => {
    let current = dispute(4);
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/admin/disputes/4/', () => HttpResponse.json(current)),
      http.post('*/api/admin/disputes/4/decide/', async ({ request }) => {
        const body = (await request.json()) as { refund_percent: 0 | 50 | 100; note: string };
        bodies.push(body);
        current = { ...current, status: 'resolved', refund_percent: body.refund_percent, note: body.note, decided_by: person(1, { name: 'اپراتور یک' }), decided_at: '2026-11-21T10:00:00Z' };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/admin/disputes/4');
    await user.click(await screen.findByRole('button', { name: 'تصمیم‌گیری' }));
    const dialog = await screen.findByRole('dialog', { name: 'تصمیم دربارهٔ این اختلاف' });
    await user.click(within(dialog).getByRole('button', { name: 'ثبت تصمیم' }));
    expect(await within(dialog).findByText('بازپرداخت را انتخاب کنید.')).toBeInTheDocument();
    expect(within(dialog).getByText('یادداشت را بنویسید.')).toBeInTheDocument();
    const half = within(dialog).getByRole('radio', { name: /بازپرداخت نیمی از هزینه/ });
    expect(half.closest('label')).toHaveTextContent('۱۷٬۵۰۱ تومان به زبان‌آموز برمی‌گردد');
    await user.click(half);
    await user.type(within(dialog).getByLabelText('یادداشت برای دو طرف'), 'استاد دیر آمد اما کلاس برگزار شد.');
    await user.click(within(dialog).getByRole('button', { name: 'ثبت تصمیم' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ refund_percent: 50, note: 'استاد دیر آمد اما کلاس برگزار شد.' }]);
    expect(await screen.findByText('تصمیم ثبت شد: ۱۷٬۵۰۱ تومان به زبان‌آموز برگشت.')).toBeInTheDocument();
    const decision = screen.getByRole('region', { name: 'تصمیم' });
    await waitFor(() => expect(decision).toHaveTextContent('بازپرداخت ۵۰٪: ۱۷٬۵۰۱ تومان'));
    expect(decision).toHaveTextContent('اپراتور یک');
    expect(screen.queryByRole('button', { name: 'تصمیم‌گیری' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a second decision', async () => {
    server.use(
      http.get('*/api/admin/disputes/4/', () => HttpResponse.json(dispute(4))),
      http.post('*/api/admin/disputes/4/decide/', () => HttpResponse.json({ detail: 'این اختلاف پیش‌تر تصمیم گرفته شده است.' }, { status: 409 })),
    );
    const { user } = renderApp('/admin/disputes/4');
    await user.click(await screen.findByRole('button', { name: 'تصمیم‌گیری' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /بدون بازپرداخت/ }));
    await user.type(within(dialog).getByLabelText('یادداشت برای دو طرف'), 'کلاس برگزار شد.');
    await user.click(within(dialog).getByRole('button', { name: 'ثبت تصمیم' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('این اختلاف پیش‌تر تصمیم گرفته شده است.');
  });
});
