import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import { StudentClasses } from '@/features/classes/components/student-classes';
import { makeBooking } from '@/features/classes/testing';
import type { Review } from '../api';
import { OwnReviews } from './own-reviews';
import { RatingSummary } from './rating-summary';

const DAY = 24 * 60 * 60_000;
const mina = { id: 5, username: 'mina', name: 'Mina', photo: null };

function review(id: number, over: Partial<Review> = {}): Review {
  return {
    id, booking: id, teacher_id: 5, student_id: 9, student_name: 'Sara', rating: 4, text: 'Good class',
    created_at: '2026-11-20T10:00:00Z', reply: null, ...over,
  };
}

describe('reviews', () => {
  it('rates a done class with stars and text, and offers it only while allowed', async () => {
    await i18n.changeLanguage('en');
    const now = Date.now();
    const open = makeBooking({ id: 1, teacher: mina, start_time: new Date(now - 2 * DAY).toISOString(), status: 'done', review_until: new Date(now + 28 * DAY).toISOString() });
    const late = makeBooking({ id: 2, teacher: mina, start_time: new Date(now - 40 * DAY).toISOString(), status: 'done' });
    let list = [open, late];
    const sent: unknown[] = [];
    signIn(makeUser());
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(makeUser())),
      http.get('*/api/slot/lists/student/', () => HttpResponse.json(list)),
      http.post('*/api/slot/:id/review/', async ({ request, params }) => {
        const body = (await request.json()) as { rating: number; text: string };
        sent.push({ id: Number(params.id), ...body });
        list = [{ ...open, review: review(1, { rating: body.rating }), review_until: null }, late];
        return HttpResponse.json(review(1, { rating: body.rating }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<StudentClasses />, '/student/booked-slots');
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('button', { name: 'Rate this class' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Rate this class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate this class' });
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));
    expect(within(dialog).getByText('Choose 1 to 5 stars.')).toBeInTheDocument();
    const stars = within(dialog).getByRole('group', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(stars).getByRole('radio', { name: '4 out of 5 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Your review/ }), 'Patient and clear');
    await user.click(within(dialog).getByRole('button', { name: 'Send review' }));

    await screen.findByText('Thank you! Your review was sent.');
    expect(sent).toEqual([{ id: 1, rating: 4, text: 'Patient and clear' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rate this class' })).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
  });

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
