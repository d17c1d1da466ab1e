import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import type { Booking } from '../api/book-slot';
import { makeSlot, makeTeacher } from '@/testing/fixtures';
import { BookingDialog } from './booking-dialog';

const student = makeUser({ id: 1, role: 'student', wallet: 2_000_000 });
const teacher = makeTeacher(7, { name: 'Sara Teacher7', test_session_price: 80_000 });
const levelPrices = [{ id: 31, language: 'English', level: 3, level_name: 'B1', price: 250000, regular_price: 250000, exam_price: 0 }];

const soon = new Date(Date.now() + 2 * 86_400_000);
soon.setUTCHours(9, 30, 0, 0);
const slotA = makeSlot(101, 7, soon.toISOString());
const weekOf = (k: number) => new Date(soon.getTime() + (k - 1) * 7 * 86_400_000).toISOString();

type Setup = { trialAvailable: boolean; weekly?: (body: Record<string, unknown>) => Response };

function setup({ trialAvailable, weekly }: Setup) {
  const bodies: Array<{ path: string; body: Record<string, unknown> }> = [];
  const booked: Array<{ booking: Booking; classes: number }> = [];
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(student)),
    http.get('*/api/slot/teacher/7/', () => HttpResponse.json([slotA])),
    http.get('*/api/teachers/7/profile/', () => HttpResponse.json({ ...teacher, level_prices: levelPrices, trial_available: trialAvailable })),
    http.post('*/api/slot/booking/', async ({ request }) => {
      bodies.push({ path: 'one', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ id: 900, teacher_name: 'Sara Teacher7', start_time: slotA.start } as unknown as Booking, { status: 201 });
    }),
    http.post('*/api/slot/booking/recurring/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ path: 'weekly', body });
      if (weekly) return weekly(body);
      const list = Array.from({ length: body.weeks as number }, (_, k) => ({ id: 900 + k, teacher_name: 'Sara Teacher7', start_time: weekOf(k + 1) }));
      return HttpResponse.json(list, { status: 201 });
    }),
  );
  localStorage.setItem('zabano.tz', 'UTC');
  signIn(student);
  const r = renderWithRouter(
    <BookingDialog teacher={teacher} open onOpenChange={() => {}} onBooked={(booking, classes) => booked.push({ booking, classes })} />,
    '/student/find-teacher',
  );
  return { ...r, bodies, booked };
}

async function chooseTime(user: ReturnType<typeof setup>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Book a class with Sara Teacher7' }, { timeout: 15_000 });
  await user.click(await within(dialog).findByRole('button', { name: /9:30 AM – 10:30 AM/ }));
  return dialog;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('booking dialog: trial classes', () => {
  it('offers the trial first when the student may take it, and books it at the trial price', async () => {
    const { user, bodies, booked } = setup({ trialAvailable: true });
    const dialog = await chooseTime(user);
    const select = within(dialog).getByLabelText('Level and price');
    expect(await within(dialog).findByText(/Your first class with this teacher can be a trial class, for 80,000 Toman/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a level',
      'Trial class — 80,000 Toman',
      'English · B1 — 250,000 Toman',
    ]);
    await user.selectOptions(select, 'Trial class — 80,000 Toman');
    expect(within(dialog).getByText('You pay the trial price, 80,000 Toman, from your wallet.')).toBeInTheDocument();
    // A trial is one class: no weekly repeat.
    expect(within(dialog).queryByLabelText('Repeat weekly')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(bodies).toEqual([{ path: 'one', body: { slot: 101, trial: true, notes: '' } }]);
    expect(booked[0]!.classes).toBe(1);
  });

  it('offers no trial when the student has had theirs', async () => {
    const { user } = setup({ trialAvailable: false });
    const dialog = await chooseTime(user);
    await within(dialog).findByRole('option', { name: /English · B1/ });
    expect(within(dialog).queryByRole('option', { name: /Trial class/ })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Level and price')).toHaveDisplayValue('Choose a level');
    expect(within(dialog).queryByText(/can be a trial class/)).not.toBeInTheDocument();
  });
});

describe('booking dialog: weekly lessons', () => {
  it('shows the total before booking the weeks at once', async () => {
    const { user, bodies, booked } = setup({ trialAvailable: false });
    const dialog = await chooseTime(user);
    await user.selectOptions(within(dialog).getByLabelText('Level and price'), await within(dialog).findByRole('option', { name: /English · B1/ }));
    await user.click(within(dialog).getByLabelText('Repeat weekly'));
    expect(within(dialog).getByLabelText('for')).toHaveDisplayValue('4 weeks');
    expect(within(dialog).getByText('You pay 4 × 250,000 Toman = 1,000,000 Toman from your wallet.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('for'), '3 weeks');
    expect(within(dialog).getByText('You pay 3 × 250,000 Toman = 750,000 Toman from your wallet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Book 3 weekly classes' }));
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(bodies).toEqual([{ path: 'weekly', body: { slot: 101, weeks: 3, level_price: 31, notes: '' } }]);
    expect(booked[0]!.classes).toBe(3);
  });

  it('names the weeks that are not free and offers the free ones before them', async () => {
    const { user, bodies, booked } = setup({
      trialAvailable: false,
      weekly: (body) =>
        body.weeks === 2
          ? HttpResponse.json([{ id: 1, start_time: weekOf(1) }, { id: 2, start_time: weekOf(2) }], { status: 201 })
          : HttpResponse.json(
              { detail: 'not free', missing_weeks: [{ week: 3, start_time: weekOf(3) }, { week: 5, start_time: weekOf(5) }] },
              { status: 409 },
            ),
    });
    const dialog = await chooseTime(user);
    await user.selectOptions(within(dialog).getByLabelText('Level and price'), await within(dialog).findByRole('option', { name: /English · B1/ }));
    await user.click(within(dialog).getByLabelText('Repeat weekly'));
    await user.selectOptions(within(dialog).getByLabelText('for'), '6 weeks');
    await user.click(within(dialog).getByRole('button', { name: 'Book 6 weekly classes' }));
    const alert = await within(dialog).findByText(/The teacher is not free at this time every week: week 3 \(.+\) and week 5 \(.+\)\. Nothing was booked\./);
    expect(alert).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Book the first 2 weeks instead' }));
    expect(within(dialog).getByText('You pay 2 × 250,000 Toman = 500,000 Toman from your wallet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Book 2 weekly classes' }));
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(bodies.map((b) => b.body.weeks)).toEqual([6, 2]);
  });
});
