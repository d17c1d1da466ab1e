import { useMutation } from '@tanstack/react-query';
import { api, request, ApiError } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Booking = components['schemas']['Booking'];
type PaymentRequired = components['schemas']['PaymentRequired'];
type BookingConflict = components['schemas']['BookingConflict'];
type LevelPrice = components['schemas']['LevelPrice'];

/** BookingInput is one class at a level price, or the teacher's trial class. */
export type BookingInput = { slot: number; levelPrice: number | null; trial?: boolean; notes: string; tz: string };

/** PaymentRequiredError is a booking the wallet cannot pay: missingAmount is
 * the Toman to top up (402, docs/decisions.md). */
export class PaymentRequiredError extends ApiError {
  readonly missingAmount: number;
  constructor(body: PaymentRequired) {
    super(402, body);
    this.name = 'PaymentRequiredError';
    this.missingAmount = body.missing_amount;
  }
}

function isPaymentRequired(body: unknown): body is PaymentRequired {
  return typeof body === 'object' && body !== null && typeof (body as PaymentRequired).missing_amount === 'number';
}

/** PriceChangedError is a booking at a price the teacher no longer asks:
 * currentLevelPrice is the level as offered now, with its new id (409,
 * docs/decisions.md). Nothing was paid. */
export class PriceChangedError extends ApiError {
  readonly currentLevelPrice: LevelPrice;
  constructor(body: BookingConflict & { current_level_price: LevelPrice }) {
    super(409, body);
    this.name = 'PriceChangedError';
    this.currentLevelPrice = body.current_level_price;
  }
}

function isPriceChanged(body: unknown): body is BookingConflict & { current_level_price: LevelPrice } {
  if (typeof body !== 'object' || body === null) return false;
  const current = (body as BookingConflict).current_level_price;
  return typeof current === 'object' && current !== null && typeof current.id === 'number';
}

/** bookSlot books a slot at a level price (POST /api/slot/booking/): the price
 * moves from the wallet to escrow. It raises PaymentRequiredError when the
 * wallet is short, PriceChangedError when the teacher has repriced the level,
 * and ApiError 409 when someone else took the slot first. */
export async function bookSlot(input: BookingInput): Promise<Booking> {
  let errorBody: unknown;
  const call = api
    .POST('/api/slot/booking/', {
      params: { query: { tz: input.tz } },
      body: input.trial
        ? { slot: input.slot, trial: true, notes: input.notes.trim() }
        : { slot: input.slot, level_price: input.levelPrice ?? 0, notes: input.notes.trim() },
    })
    .then((r) => {
      errorBody = r.error;
      return r;
    });
  return raiseBookingError(call, () => errorBody);
}

/** raiseBookingError answers call's result, or its error as the booking
 * errors the dialog acts on. */
async function raiseBookingError<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, errorBody: () => unknown): Promise<T> {
  try {
    return await request(call);
  } catch (err) {
    const body = errorBody();
    if (err instanceof ApiError && err.status === 402 && isPaymentRequired(body)) {
      throw new PaymentRequiredError(body);
    }
    if (err instanceof ApiError && err.status === 409 && isPriceChanged(body)) {
      throw new PriceChangedError(body);
    }
    if (err instanceof ApiError && err.status === 409 && isWeeksMissing(body)) {
      throw new WeeksMissingError(body);
    }
    throw err;
  }
}

export function useBookSlot() {
  return useMutation({ mutationFn: bookSlot });
}

export type MissingWeek = NonNullable<BookingConflict['missing_weeks']>[number];

/** WeeksMissingError is a weekly booking some of whose weeks are not free
 * (409): weeks names them, 1 being the chosen time. Nothing was booked. */
export class WeeksMissingError extends ApiError {
  readonly weeks: MissingWeek[];
  constructor(body: BookingConflict & { missing_weeks: MissingWeek[] }) {
    super(409, body);
    this.name = 'WeeksMissingError';
    this.weeks = body.missing_weeks;
  }
}

function isWeeksMissing(body: unknown): body is BookingConflict & { missing_weeks: MissingWeek[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as BookingConflict).missing_weeks);
}

export type WeeklyInput = { slot: number; weeks: number; levelPrice: number; notes: string; tz: string };

/** bookWeekly books the slot and the same time in the weeks after it, all or
 * none (POST /api/slot/booking/recurring/). Besides bookSlot's errors it
 * raises WeeksMissingError naming the weeks not free. */
export async function bookWeekly(input: WeeklyInput): Promise<Booking[]> {
  let errorBody: unknown;
  const call = api
    .POST('/api/slot/booking/recurring/', {
      params: { query: { tz: input.tz } },
      body: { slot: input.slot, weeks: input.weeks, level_price: input.levelPrice, notes: input.notes.trim() },
    })
    .then((r) => {
      errorBody = r.error;
      return r;
    });
  return raiseBookingError(call, () => errorBody);
}

export function useBookWeekly() {
  return useMutation({ mutationFn: bookWeekly });
}
