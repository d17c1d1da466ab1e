import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import type { Review } from '../api';
import { OwnReviews } from './own-reviews';
import { RatingSummary } from '@/components/rating';


function review(id: number, over: Partial<Review> = {}): Review {
  return {
    id, booking: id, teacher_id: 5, student_id: 9, student_name: 'Sara', rating: 4, text: 'Good class',
    created_at: '2026-11-20T10:00:00Z', reply: null, ...over,
  };
}

describe('reviews', () => {
  it('shows "new" instead of a number when nobody rated, in both languages', async () => {
    await i18n.changeLanguage('fa');
    renderWithRouter(
      <>
        <RatingSummary rating={null} count={0} />
        <RatingSummary rating={4.5} count={12} />
      </>,
      '/',
    );
    expect(screen.getByText('جدید')).toBeInTheDocument();
    expect(screen.getByText('امتیاز ۴٫۵ از ۵ از ۱۲ نظر')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it("lists the teacher's reviews and sends one answer to an unanswered one", async () => {
    await i18n.changeLanguage('en');
    const teacher = makeUser({ id: 5, role: 'teacher' });
    let reviews = [review(2, { student_name: 'Nima', text: 'Helpful' }), review(1, { reply: { text: 'Thanks!', created_at: '2026-11-20T12:00:00Z' } })];
    const replies: unknown[] = [];
    signIn(teacher);
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(teacher)),
      http.get('*/api/teachers/5/reviews/', () => HttpResponse.json({ results: reviews, count: 2, page: 1, page_size: 20, next: null })),
      http.post('*/api/reviews/:id/reply/', async ({ request, params }) => {
        const { text } = (await request.json()) as { text: string };
        replies.push({ id: Number(params.id), text });
        reviews = [review(2, { student_name: 'Nima', text: 'Helpful', reply: { text, created_at: '2026-11-21T00:00:00Z' } }), reviews[1]!];
        return HttpResponse.json(reviews[0]);
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<OwnReviews />, '/teacher/profile');
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Thanks!')).toBeInTheDocument();
    // Only the unanswered review has a box.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(screen.getByText('Write your answer.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Answer Nima' }), 'Glad it helped');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await screen.findByText('Glad it helped');
    expect(replies).toEqual([{ id: 2, text: 'Glad it helped' }]);
    await waitFor(() => expect(screen.queryAllByRole('textbox')).toHaveLength(0));
  });
});
