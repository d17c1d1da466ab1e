import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { PendingTeacher } from '../api/types';
import { person } from '../testing';

beforeEach(() => {
  const admin = makeUser({ role: 'admin', username: 'ops' });
  server.use(http.get('*/api/profile/', () => HttpResponse.json(admin)));
  signIn(admin);
});

function pending(id: number): PendingTeacher {
  return {
    teacher: person(id, { role: 'teacher', name: `استاد ${['یکم', 'دوم'][id - 1]}`, username: `t${id}`, photo: null }),
    bio: 'Ten years of IELTS classes.',
    video_url: 'http://localhost/media/intro.mp4',
    documents: [{ id: 1, name: 'CELTA.pdf', url: 'http://localhost/media/celta.pdf' }],
    levels: [{ language: 'English', level: 'B1', regular_price: 30000, exam_price: 40000 }],
    requested_at: '2026-11-20T09:00:00Z',
  };
}

describe('teacher review', () => {
  it('shows what students would see, approves one and rejects another with a reason', async () => {
    let queue = [pending(1), pending(2)];
    const calls: Array<{ url: string; body: unknown }> = [];
    const answer = (id: number) => async ({ request }: { request: Request }) => {
      const text = await request.text();
      calls.push({ url: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
      queue = queue.filter((p) => p.teacher.id !== id);
      return HttpResponse.json({ review_status: request.url.includes('approve') ? 'approved' : 'rejected' });
    };
    server.use(
      http.get('*/api/admin/teachers/pending/', () => HttpResponse.json(queue)),
      http.post('*/api/admin/teachers/1/approve/', answer(1)),
      http.post('*/api/admin/teachers/2/reject/', answer(2)),
    );
    const { user } = renderApp('/admin/teachers');
    const cards = await screen.findAllByTestId('pending-teacher');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(first).toHaveTextContent('Ten years of IELTS classes.');
    expect(first).toHaveTextContent('انگلیسی · \u2068B1\u2069');
    expect(first).toHaveTextContent('۳۰٬۰۰۰ تومان');
    expect(within(first).getByRole('link', { name: 'CELTA.pdf' })).toHaveAttribute('href', 'http://localhost/media/celta.pdf');
    expect(first.querySelector('video')).toHaveAttribute('src', 'http://localhost/media/intro.mp4');

    await user.click(within(first).getByRole('button', { name: 'تأیید و انتشار' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'تأیید و انتشار' }));
    expect(await screen.findByText('پروفایل استاد یکم تأیید و منتشر شد.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pending-teacher')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'رد با دلیل' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('چه چیزی باید اصلاح شود'), 'عکس چهره روشن نیست.');
    await user.click(within(dialog).getByRole('button', { name: 'رد با دلیل' }));
    expect(await screen.findByText('استادی در انتظار بررسی نیست.')).toBeInTheDocument();
    expect(calls).toEqual([
      { url: '/api/admin/teachers/1/approve/', body: null },
      { url: '/api/admin/teachers/2/reject/', body: { reason: 'عکس چهره روشن نیست.' } },
    ]);
  });
});
