import { describe, expect, it } from 'vitest';
import {
  MAX_PLAN_SLOTS,
  defaultValues,
  parseBreak,
  parseWeeks,
  previewCount,
  previewPerDay,
  slotsPerDay,
  toPlan,
  validateStep,
  type BuilderValues,
} from './builder';

const TODAY = '2026-11-21';
const values = (over: Partial<BuilderValues> = {}): BuilderValues => ({ ...defaultValues(TODAY), days: [1, 3], ...over });

describe('parseWeeks', () => {
  it.each([
    ['1', 1],
    ['4', 4],
    ['52', 52],
    ['53', 52],
    ['0', 1],
    ['-3', 1],
    ['', 1],
    ['abc', 1],
    ['۱۲', 12],
    [' 8 ', 8],
  ])('%j -> %i', (raw, want) => expect(parseWeeks(raw)).toBe(want));
});

describe('parseBreak', () => {
  it.each([
    ['15', 15],
    ['0', 0],
    ['', 0],
    ['۳۰', 30],
    ['120', 120],
    ['121', null],
    ['x', null],
    ['-5', null],
  ])('%j -> %j', (raw, want) => expect(parseBreak(raw)).toBe(want));
});

describe('the live count: floor(range / duration) per day x days x weeks, ignoring the break', () => {
  it.each([
    // start, end, duration, days, weeks, per day, total
    ['09:00', '17:00', 30, [1, 3], '1', 16, 32],
    ['09:00', '17:00', 30, [1, 3], '4', 16, 128],
    ['09:00', '17:00', 45, [0, 1, 2, 3, 4, 5, 6], '2', 10, 140],
    ['09:00', '10:00', 90, [1], '1', 0, 0],
    ['09:00', '09:00', 30, [1], '1', 0, 0],
    ['17:00', '09:00', 30, [1], '1', 0, 0],
    ['08:00', '20:00', 120, [6], '52', 6, 312],
    ['00:00', '23:45', 15, [2], 'abc', 95, 95],
  ] as const)('%s-%s every %i min on %j for %s weeks', (startTime, endTime, duration, days, weeks, perDay, total) => {
    expect(previewPerDay(startTime, endTime, duration)).toBe(perDay);
    expect(previewCount({ startTime, endTime, duration, days: [...days], weeks })).toBe(total);
  });

  it('counts a day chosen twice once', () => {
    expect(previewCount({ startTime: '09:00', endTime: '10:00', duration: 30, days: [1, 1], weeks: '1' })).toBe(2);
  });
});

describe('slotsPerDay steps by duration plus break while a slot fits before the end', () => {
  it.each([
    ['09:00', '17:00', 30, 15, 11],
    ['09:00', '17:00', 30, 0, 16],
    ['09:00', '10:00', 60, 15, 1],
    ['09:00', '10:15', 30, 15, 2],
    ['09:00', '10:14', 30, 15, 1],
    ['09:00', '09:20', 30, 15, 0],
  ] as const)('%s-%s, %i + %i min -> %i', (s, e, d, b, want) => expect(slotsPerDay(s, e, d, b)).toBe(want));
});

describe('validateStep (spec section 5)', () => {
  it('asks for a day on the days step', () => {
    expect(validateStep('days', values({ days: [] }), TODAY)).toBe('availability.builder.errors.noDays');
    expect(validateStep('days', values(), TODAY)).toBeNull();
  });

  it('asks for both times and an end after the start', () => {
    expect(validateStep('times', values({ startTime: '' }), TODAY)).toBe('availability.builder.errors.required');
    expect(validateStep('times', values({ endTime: '' }), TODAY)).toBe('availability.builder.errors.required');
    expect(validateStep('times', values({ startTime: '10:00', endTime: '10:00' }), TODAY)).toBe(
      'availability.builder.errors.endAfterStart',
    );
    expect(validateStep('times', values({ startTime: '18:00', endTime: '09:00' }), TODAY)).toBe(
      'availability.builder.errors.endAfterStart',
    );
    expect(validateStep('times', values({ startTime: '09:00', endTime: '09:20', duration: 30 }), TODAY)).toBe(
      'availability.builder.errors.tooShort',
    );
    expect(validateStep('times', values({ breakMinutes: 'x' }), TODAY)).toBe('availability.builder.errors.break');
    expect(validateStep('times', values(), TODAY)).toBeNull();
  });

  it('keeps a plan within the server cap of free times: a year of 16 a day fits, a year of the fullest does not', () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    const year16 = values({ weeks: '52', days: everyDay, startTime: '07:00', endTime: '23:00', duration: 60, breakMinutes: '0' });
    expect(slotsPerDay('07:00', '23:00', 60, 0) * 7 * 52).toBeLessThanOrEqual(MAX_PLAN_SLOTS);
    expect(validateStep('times', year16, TODAY)).toBeNull();
    const fullest = values({ weeks: '52', days: everyDay, startTime: '00:00', endTime: '23:59', duration: 15, breakMinutes: '0' });
    expect(validateStep('times', fullest, TODAY)).toBe('availability.builder.errors.tooMany');
    expect(validateStep('start', fullest, TODAY)).toBe('availability.builder.errors.tooMany');
    // The break counts: the slots that really fit are what the server makes.
    expect(validateStep('times', { ...fullest, duration: 60, breakMinutes: '60' }, TODAY)).toBeNull();
  });

  it('checks everything on the last step: missing days or times are "fill all required fields"', () => {
    expect(validateStep('start', values({ days: [] }), TODAY)).toBe('availability.builder.errors.required');
    expect(validateStep('start', values({ endTime: '' }), TODAY)).toBe('availability.builder.errors.required');
    expect(validateStep('start', values({ startDate: '' }), TODAY)).toBe('availability.builder.errors.required');
    expect(validateStep('start', values({ startDate: '2026-11-20' }), TODAY)).toBe('availability.builder.errors.pastDate');
    expect(validateStep('start', values({ startTime: '17:00', endTime: '09:00' }), TODAY)).toBe(
      'availability.builder.errors.endAfterStart',
    );
    expect(validateStep('start', values(), TODAY)).toBeNull();
  });
});

describe('toPlan', () => {
  it('writes the plan the batch endpoint expands', () => {
    expect(toPlan(values({ weeks: 'x', days: [3, 1, 3], breakMinutes: '' }))).toEqual({
      weeks: 1,
      days: [1, 3],
      start_time: '09:00',
      end_time: '17:00',
      duration: 30,
      break: 0,
      start_date: TODAY,
    });
  });

  it('has the spec defaults: 1 week, 09:00 to 17:00, 30 minutes, 15 minutes of break, today', () => {
    expect(defaultValues(TODAY)).toEqual({
      weeks: '1',
      days: [],
      startTime: '09:00',
      endTime: '17:00',
      duration: 30,
      breakMinutes: '15',
      startDate: TODAY,
    });
  });
});
