import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import type { Booking } from '../api/book-slot';
import { makeSlot, makeTeacher } from '@/testing/fixtures';
import { BookingDialog } from './booking-dialog';

const student = makeUser({ id: 1, role: 'student', wallet: 100000 });
const teacher = makeTeacher(7, { name: 'Sara Teacher7' });
const levelPrices = [
  { id: 31, language: 'English', level: 3, level_name: 'B1', price: 250000, regular_price: 250000, exam_price: 300000 },
  { id: 32, language: 'German', level: 1, level_name: 'A1', price: 150000, regular_price: 150000, exam_price: 0 },
];

// Two free times next week, whatever today is.
const soon = new Date(Date.now() + 2 * 86_400_000);
soon.setUTCHours(9, 30, 0, 0);
const slotA = makeSlot(101, 7, soon.toISOString());
const slotB = makeSlot(102, 7, new Date(soon.getTime() + 3 * 3600_000).toISOString());

function Host({ onBooked }: { onBooked: (b: Booking) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <BookingDialog teacher={teacher} open={open} onOpenChange={setOpen} onBooked={onBooked} />
    </>
  );
}

type Setup = { pricing?: 'ok' | 'empty' | 'fail'; booking?: (body: Record<string, unknown>) => Response };

function setup({ pricing = 'ok', booking }: Setup = {}) {
  const bodies: Array<Record<string, unknown>> = [];
  let slotReads = 0;
  let slots = [slotA, slotB];
  const booked: Booking[] = [];
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(student)),
    http.get('*/api/slot/teacher/7/', ({ request }) => {
      slotReads++;
      expect(new URL(request.url).searchParams.get('tz')).toBe('UTC');
      return HttpResponse.json(slots);
    }),
    http.get('*/api/teachers/7/profile/', () => {
      if (pricing === 'fail') return HttpResponse.json({ detail: 'boom' }, { status: 500 });
      return HttpResponse.json({ ...teacher, level_prices: pricing === 'empty' ? [] : levelPrices });
    }),
    http.post('*/api/slot/booking/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (booking) return booking(body);
      slots = slots.filter((s) => s.id !== body.slot);
      return HttpResponse.json({ id: 900, teacher_name: 'Sara Teacher7', start_time: slotA.start } as unknown as Booking, { status: 201 });
    }),
  );
  localStorage.setItem('zabano.tz', 'UTC');
  signIn(student);
  const r = renderWithRouter(<Host onBooked={(b) => booked.push(b)} />, '/student/find-teacher', [
    { path: '/student/wallet', element: <p>wallet page</p> },
  ]);
  return { ...r, bodies, booked, slotReads: () => slotReads };
}

async function choose(user: ReturnType<typeof setup>['user'], levelLabel: RegExp) {
  const dialog = await screen.findByRole('dialog', { name: 'Book a class with Sara Teacher7' }, { timeout: 15_000 });
  const slot = await within(dialog).findByRole('button', { name: /9:30 AM – 10:30 AM/ });
  await user.click(slot);
  expect(slot).toHaveAttribute('aria-pressed', 'true');
  await user.selectOptions(within(dialog).getByLabelText('Level and price'), within(dialog).getByRole('option', { name: levelLabel }));
  return dialog;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('booking dialog', () => {
  it('books a free time at a level, then closes and reports', async () => {
    const { user, bodies, booked } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Book a class with Sara Teacher7' }, { timeout: 15_000 });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm booking' });
    expect(confirm).toBeDisabled();
    await within(dialog).findByRole('button', { name: /9:30 AM – 10:30 AM/ });
    expect(confirm).toBeDisabled();
    await choose(user, /English · B1 — 250,000 Toman/);
    expect(within(dialog).getByText('An exam class at this level costs 300,000 Toman.')).toBeInTheDocument();
    expect(within(dialog).getByText('You pay 250,000 Toman from your wallet.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Notes for the teacher/), '  Speaking, please ');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
    expect(bodies).toEqual([{ slot: 101, level_price: 31, notes: 'Speaking, please' }]);
    expect(booked).toHaveLength(1);
  });

  it('offers the wallet top-up with the missing amount on 402', async () => {
    const { user, router } = setup({
      booking: () =>
        HttpResponse.json(
          { detail: 'Your wallet balance is not enough for this class: top up at least 150000 Toman.', missing_amount: 150000 },
          { status: 402 },
        ),
    });
    const dialog = await choose(user, /English · B1/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(await within(dialog).findByText('Your wallet balance is not enough for this class. Top up at least 150,000 Toman to book it.')).toBeInTheDocument();
    const topUp = within(dialog).getByRole('link', { name: 'Top up 150,000 Toman' });
    expect(topUp).toHaveAttribute('href', '/student/wallet?amount=150000');
    await user.click(topUp);
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/wallet'));
    expect(router.state.location.search).toBe('?amount=150000');
  });

  it('shows the conflict and reloads the free times on 409', async () => {
    const { user, slotReads } = setup({
      booking: () =>
        HttpResponse.json({ detail: 'This time was just booked by someone else. Please choose another time.' }, { status: 409 }),
    });
    const dialog = await choose(user, /German · A1/);
    const before = slotReads();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(
      await within(dialog).findByText(
        'This time was just booked by someone else. Please choose another time. The free times have been reloaded; please choose another.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(slotReads()).toBeGreaterThan(before));
    // The taken time is no longer chosen.
    expect(within(dialog).getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
    expect(within(dialog).getByText('No time chosen yet.')).toBeInTheDocument();
  });

  it('shows a new price on 409, reloads the prices and books at the new one only when confirmed again', async () => {
    const repriced = { ...levelPrices[0]!, id: 41, price: 4_900_000, regular_price: 4_900_000 };
    let prices = levelPrices;
    const { user, bodies, booked } = setup({
      booking: (body) => {
        if (body.level_price === 31) {
          prices = [repriced, levelPrices[1]!];
          return HttpResponse.json(
            {
              detail: 'The teacher has changed the price of this level to 4900000 Toman. Please check it and book again.',
              current_level_price: repriced,
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({ id: 901, teacher_name: 'Sara Teacher7', start_time: slotA.start } as unknown as Booking, { status: 201 });
      },
    });
    let pricingReads = 0;
    server.use(
      http.get('*/api/teachers/7/profile/', () => {
        pricingReads++;
        return HttpResponse.json({ ...teacher, level_prices: prices });
      }),
    );
    const dialog = await choose(user, /English · B1 — 250,000 Toman/);
    const before = pricingReads;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(
      await within(dialog).findByText(
        'The teacher has changed the price of this level to 4900000 Toman. Please check it and book again. The prices have been reloaded; please check the new price and confirm again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(pricingReads).toBeGreaterThan(before));
    // The same level is chosen at its new price, and the time stays chosen.
    await waitFor(() => expect(within(dialog).getByLabelText('Level and price')).toHaveDisplayValue(/English · B1 — 4,900,000 Toman/));
    expect(within(dialog).getByText('You pay 4,900,000 Toman from your wallet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /9:30 AM – 10:30 AM/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('open')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
    expect(bodies.map((b) => b.level_price)).toEqual([31, 41]);
    expect(booked).toHaveLength(1);
  });

  it('drops a level the teacher no longer offers and reloads the prices', async () => {
    let prices = levelPrices;
    const { user } = setup({
      booking: () => {
        prices = [levelPrices[1]!];
        return HttpResponse.json(
          {
            detail: 'The teacher no longer offers this level. Please choose another.',
            level_price: ['The teacher no longer offers this level. Please choose another.'],
          },
          { status: 400 },
        );
      },
    });
    server.use(http.get('*/api/teachers/7/profile/', () => HttpResponse.json({ ...teacher, level_prices: prices })));
    const dialog = await choose(user, /English · B1/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    expect(await within(dialog).findByText('The teacher no longer offers this level. Please choose another.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByRole('option', { name: /English · B1/ })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Level and price')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
  });

  it('says when the teacher has no prices, or they cannot be read', async () => {
    setup({ pricing: 'empty' });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    const select = await within(dialog).findByLabelText('Level and price');
    await waitFor(() => expect(select).toHaveDisplayValue('no pricing info for this teacher'));
    expect(select).toBeDisabled();
  });

  it('asks to try again when the pricing fails', async () => {
    const { user } = setup({ pricing: 'fail' });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(await within(dialog).findByText("cannot get the teacher's pricing, try again")).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Level and price')).toHaveDisplayValue('no pricing info for this teacher');
    server.use(http.get('*/api/teachers/7/profile/', () => HttpResponse.json({ ...teacher, level_prices: levelPrices })));
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /English · B1/ })).toBeInTheDocument());
  });

  it('forgets the choice when closed', async () => {
    const { user } = setup();
    await choose(user, /English · B1/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'reopen' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: /9:30 AM – 10:30 AM/ });
    expect(within(dialog).getByRole('button', { name: /9:30 AM – 10:30 AM/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByLabelText('Level and price')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
  });
});

describe('booking dialog in Persian', () => {
  it('starts weeks on Saturday and writes Persian digits', async () => {
    await i18n.changeLanguage('fa');
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'رزرو کلاس با \u2068Sara Teacher7\u2069' }, { timeout: 15_000 });
    const slot = await within(dialog).findByRole('button', { name: /۰۹:۳۰ – ۱۰:۳۰/ });
    expect(slot).toHaveTextContent('۰۹:۳۰');
    const days = within(dialog).getAllByRole('listitem');
    expect(days[0]).toHaveTextContent('شنبه');
  });
});
