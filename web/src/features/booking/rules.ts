// The booking dialog's rules (spec sections 4, 5 and 9): a slot and a level
// among the teacher's levels before confirming.
import { msg, type TKey } from '@/lib/i18n/keys';
import type { LevelPrice } from './api/get-teacher-pricing';

/** TRIAL is the level choice of the teacher's trial class. */
export const TRIAL = 'trial';

/** A weekly booking's length, as the server takes it. */
export const MIN_REPEAT_WEEKS = 2;
export const MAX_REPEAT_WEEKS = 12;

/** trialPrice is the teacher's trial price when the student may take a trial, else 0. */
export type BookingChoice = { slotId: number | null; levelId: number | typeof TRIAL | null; levels: readonly LevelPrice[]; trialPrice?: number };

/** validateBooking returns the message of what is missing or wrong, or null
 * (spec section 5): a slot and a level must be chosen, and the level must be
 * one of the teacher's loaded levels, or the trial while it is open. */
export function validateBooking({ slotId, levelId, levels, trialPrice = 0 }: BookingChoice): TKey | null {
  if (slotId === null || levelId === null) return msg('booking.chooseLevelAndPrice');
  if (levelId === TRIAL ? trialPrice <= 0 : !levels.some((l) => l.id === levelId)) return msg('booking.invalidLevel');
  return null;
}

/** freeWeeksBefore is how many weeks, from the chosen one, are free before
 * the first missing week, when that is a series (2 or more), else null. */
export function freeWeeksBefore(missing: ReadonlyArray<{ week: number }>): number | null {
  const first = Math.min(...missing.map((m) => m.week));
  return first - 1 >= MIN_REPEAT_WEEKS ? first - 1 : null;
}

/** canConfirm: the confirm button is enabled only with a slot, a level and
 * levels loaded, and while nothing loads. */
export function canConfirm(choice: BookingChoice, loading: boolean): boolean {
  return !loading && choice.slotId !== null && choice.levelId !== null && choice.levels.length > 0;
}

/** walletTopUpHref is the wallet's top-up with an amount filled in. */
export function walletTopUpHref(walletPath: string, amount: number): string {
  return `${walletPath}?amount=${encodeURIComponent(String(Math.max(0, Math.ceil(amount))))}`;
}
