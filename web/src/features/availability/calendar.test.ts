import { describe, expect, it } from 'vitest';
import { clampWeek, dateIn, dayCells, isSelectable, orderedWeekdays, weekDays, weekStartDay, zonedInstant } from './calendar';

const MIN = 60_000;

describe('weeks', () => {
  it('start on Saturday in Persian and on Sunday in English', () => {
    expect(weekStartDay('fa')).toBe(6);
    expect(weekStartDay('en')).toBe(0);
    // 2026-11-21 is a Saturday.
    expect(weekDays('2026-11-21', 0, 6)).toEqual([
      '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27',
    ]);
    expect(weekDays('2026-11-21', 0, 0)[0]).toBe('2026-11-15');
    expect(weekDays('2026-11-24', 1, 6)[0]).toBe('2026-11-28');
    expect(weekDays('2026-12-30', 1, 0)).toContain('2027-01-04');
    expect(orderedWeekdays(6)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });

  it('are limited to 0..7', () => {
    expect([-1, 0, 3, 7, 8, 99].map(clampWeek)).toEqual([0, 0, 3, 7, 7, 7]);
  });
});

describe('zonedInstant: the wall time of a zone as an instant', () => {
  it.each([
    ['2026-11-21', 9 * 60, 'Asia/Tehran', '2026-11-21T05:30:00.000Z'],
    ['2026-11-21', 9 * 60, 'UTC', '2026-11-21T09:00:00.000Z'],
    ['2026-07-01', 18 * 60, 'Europe/Berlin', '2026-07-01T16:00:00.000Z'],
    ['2026-01-15', 18 * 60, 'Europe/Berlin', '2026-01-15T17:00:00.000Z'],
    ['2026-11-21', 0, 'America/New_York', '2026-11-21T05:00:00.000Z'],
    // Spring forward in Berlin: 02:30 does not exist and moves forward to 03:30.
    ['2026-03-29', 2 * 60 + 30, 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', 3 * 60, 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
    // Fall back in New York: 01:30 happens twice; the first is taken.
    ['2026-11-01', 90, 'America/New_York', '2026-11-01T05:30:00.000Z'],
  ])('%s + %i min in %s = %s', (date, minutes, tz, want) => {
    expect(new Date(zonedInstant(date, minutes, tz)).toISOString()).toBe(want);
  });

  it('reads calendar days in the zone', () => {
    expect(dateIn('Asia/Tehran', Date.parse('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
    expect(dateIn('America/Los_Angeles', Date.parse('2026-11-21T05:00:00Z'))).toBe('2026-11-20');
  });
});

describe('dayCells', () => {
  const tz = 'UTC';
  const day = '2026-11-22';
  const at = (h: number, m = 0) => Date.parse(`${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);

  it('cuts the day into cells of the chosen length', () => {
    expect(dayCells(day, 60, tz, [], new Set(), 0)).toHaveLength(24);
    expect(dayCells(day, 30, tz, [], new Set(), 0)).toHaveLength(48);
    const c = dayCells(day, 30, tz, [], new Set(), 0)[19]!;
    expect([c.start, c.end]).toEqual([at(9, 30), at(10)]);
  });

  it('hides past cells', () => {
    const cells = dayCells(day, 60, tz, [], new Set(), at(14, 10));
    expect(cells[0]!.start).toBe(at(15));
    expect(cells).toHaveLength(9);
  });

  it('shows existing slots, green or blue once past, and never as free', () => {
    const existing = [
      { id: 1, start: at(9), end: at(10), booked: false },
      { id: 2, start: at(10, 15), end: at(10, 45), booked: true },
      { id: 3, start: at(20), end: at(21), booked: false },
    ];
    const cells = dayCells(day, 60, tz, existing, new Set([at(12)]), at(19));
    // Past: only the existing slots remain, in blue.
    expect(cells.slice(0, 2).map((c) => [c.state, c.slot?.id])).toEqual([
      ['existingPast', 1],
      ['existingPast', 2],
    ]);
    expect(cells.find((c) => c.start === at(20))?.state).toBe('existing');
    expect(cells.find((c) => c.start === at(21))?.state).toBe('free');
    expect(cells.some((c) => c.start === at(12))).toBe(false);
    const future = dayCells(day, 60, tz, existing, new Set([at(12)]), 0);
    expect(future.find((c) => c.start === at(12))?.state).toBe('selected');
    // The 10:00 cell overlaps slot 2 (10:15-10:45): it shows that slot.
    expect(future.find((c) => c.slot?.id === 2)?.start).toBe(at(10, 15));
    expect(future.filter((c) => c.slot?.id === 2)).toHaveLength(1);
  });

  it('lists each instant once across a daylight-saving gap', () => {
    const cells = dayCells('2026-03-29', 60, 'Europe/Berlin', [], new Set(), 0);
    expect(cells).toHaveLength(23);
    expect(new Set(cells.map((c) => c.start)).size).toBe(23);
  });

  it('isSelectable: future and not meeting an existing slot', () => {
    const existing = [{ id: 1, start: at(9), end: at(10), booked: false }];
    expect(isSelectable(at(10), at(11), existing, 0)).toBe(true);
    expect(isSelectable(at(9, 30), at(10, 30), existing, 0)).toBe(false);
    expect(isSelectable(at(11), at(11) + 30 * MIN, existing, at(12))).toBe(false);
  });
});
