import { describe, expect, it } from 'vitest';
import type { LevelPrice } from './api/get-teacher-pricing';
import { usableLevels } from './api/get-teacher-pricing';
import { canConfirm, validateBooking, walletTopUpHref } from './rules';

const level = (id: number, over: Partial<LevelPrice> = {}): LevelPrice => ({
  id,
  language: 'English',
  level: 3,
  level_name: 'B1',
  price: 250000,
  regular_price: 250000,
  exam_price: 300000,
  ...over,
});

describe('booking rules', () => {
  const levels = [level(5), level(6, { level_name: 'B2' })];
  it('need a slot and a level among the teacher levels', () => {
    expect(validateBooking({ slotId: null, levelId: 5, levels })).toBe('booking.chooseLevelAndPrice');
    expect(validateBooking({ slotId: 1, levelId: null, levels })).toBe('booking.chooseLevelAndPrice');
    expect(validateBooking({ slotId: 1, levelId: 99, levels })).toBe('booking.invalidLevel');
    expect(validateBooking({ slotId: 1, levelId: 6, levels })).toBeNull();
  });

  it('keep confirm disabled without slot, level or levels, or while loading', () => {
    expect(canConfirm({ slotId: 1, levelId: 5, levels }, false)).toBe(true);
    expect(canConfirm({ slotId: 1, levelId: 5, levels }, true)).toBe(false);
    expect(canConfirm({ slotId: null, levelId: 5, levels }, false)).toBe(false);
    expect(canConfirm({ slotId: 1, levelId: null, levels }, false)).toBe(false);
    expect(canConfirm({ slotId: 1, levelId: 5, levels: [] }, false)).toBe(false);
  });

  it('drop levels without an id or any price', () => {
    expect(usableLevels([level(0), level(2, { price: 0, regular_price: 0 }), level(3)]).map((l) => l.id)).toEqual([3]);
    expect(usableLevels(undefined)).toEqual([]);
  });

  it('link the wallet top-up with the missing amount', () => {
    expect(walletTopUpHref('/student/wallet', 150000)).toBe('/student/wallet?amount=150000');
  });
});
