import { describe, expect, it } from 'vitest';
import { MAX_WEEK, bookableSlots, dayOfWeek, firstWeekWithSlots, todayIn, weekDays, weekOf, weekStartDay } from './slot-weeks';
import { makeSlot } from '@/testing/fixtures';

describe('weeks of the picker', () => {
  it('start on Saturday in Persian and Sunday in English', () => {
    expect(weekStartDay('fa')).toBe(6);
    expect(weekStartDay('en')).toBe(0);
    // 2026-11-25 is a Wednesday.
    expect(weekDays('2026-11-25', 0, 6)).toEqual([
      '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27',
    ]);
    expect(weekDays('2026-11-25', 0, 0)[0]).toBe('2026-11-22');
    expect(weekDays('2026-11-25', 0, 0)[6]).toBe('2026-11-28');
    expect(weekDays('2026-11-25', 7, 0)[0]).toBe('2027-01-10');
    expect(dayOfWeek('2026-11-21')).toBe(6);
  });

  it('put a Saturday first in fa and last in en', () => {
    expect(weekDays('2026-11-21', 0, 6)[0]).toBe('2026-11-21');
    expect(weekDays('2026-11-21', 0, 0)[6]).toBe('2026-11-21');
  });

  it('number the weeks from this one, across months and years', () => {
    expect(weekOf('2026-11-25', '2026-11-21', 6)).toBe(0);
    expect(weekOf('2026-11-25', '2026-11-20', 6)).toBe(-1);
    expect(weekOf('2026-11-25', '2026-11-28', 6)).toBe(1);
    expect(weekOf('2026-11-25', '2027-01-09', 6)).toBe(7);
    expect(MAX_WEEK).toBe(7);
  });

  it('know today in the viewer zone', () => {
    const instant = new Date('2026-11-21T22:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-11-21');
    expect(todayIn('Asia/Tehran', instant)).toBe('2026-11-22');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-21');
  });
});

describe('slots a student may choose', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('are the free future ones of this teacher, in order', () => {
    const later = makeSlot(3, 7, '2026-11-23T09:00:00Z');
    const sooner = makeSlot(2, 7, '2026-11-22T09:00:00Z');
    const booked = { ...makeSlot(4, 7, '2026-11-22T12:00:00Z'), is_booked: true, status: 'booked' as const };
    const past = makeSlot(5, 7, '2026-11-21T09:00:00Z');
    const other = makeSlot(6, 8, '2026-11-22T09:00:00Z');
    expect(bookableSlots([later, booked, sooner, past, other], 7, now).map((s) => s.id)).toEqual([2, 3]);
  });

  it('lead to the first week that has one', () => {
    const slots = [makeSlot(1, 7, '2026-12-02T09:00:00Z')];
    expect(firstWeekWithSlots(slots, '2026-11-21', 6)).toBe(1);
    expect(firstWeekWithSlots(slots, '2026-11-21', 0)).toBe(2);
    expect(firstWeekWithSlots([], '2026-11-21', 6)).toBeNull();
    expect(firstWeekWithSlots([makeSlot(1, 7, '2027-03-01T09:00:00Z')], '2026-11-21', 6)).toBeNull();
  });
});
