import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import { makeBooking } from '@/features/classes/testing';
import type { Review } from '@/features/reviews/api';
import { StudentBookedSlotsRoute } from './student-booked-slots';

const DAY = 24 * 60 * 60_000;
const mina = { id: 5, username: 'mina', name: 'Mina', photo: null };

function review(id: number, over: Partial<Review> = {}): Review {
  return {
    id, booking: id, teacher_id: 5, student_id: 9, student_name: 'Sara', rating: 4, text: 'Good class',
    created_at: '2026-11-20T10:00:00Z', reply: null, ...over,
  };
}

// The classes screen with the reviews feature's rating dialog composed in.
describe('student booked slots', () => {
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
    renderWithRouter(<StudentBookedSlotsRoute />, '/student/booked-slots');
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

});
