import { describe, expect, it } from 'vitest';
import {
  canJoin,
  canMarkDone,
  canRequestCancel,
  cancelCase,
  countByFilter,
  durationOf,
  endOf,
  filterClasses,
  orderClasses,
  relativeDay,
  showsMeetingLink,
  startOf,
  teacherTabs,
  teachersOf,
} from './rules';
import { makeBooking } from './testing';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('the join window: 15 minutes before the start to 15 minutes after it', () => {
  const start = NOW;
  it.each([
    [-16, false],
    [-15, true],
    [-1, true],
    [0, true],
    [10, true],
    [15, true],
    [16, false],
    [120, false],
  ])('%i minutes from the start: %s', (offset, want) => {
    expect(canJoin(start, start + offset * MIN)).toBe(want);
  });
});

describe('actions', () => {
  const ended = makeBooking({ id: 1, start_time: iso(NOW - 90 * MIN), duration: 60 });
  const later = makeBooking({ id: 2, start_time: iso(NOW + 60 * MIN) });
  it('marks done only a booked class that has ended', () => {
    expect(canMarkDone(ended, NOW)).toBe(true);
    expect(canMarkDone(later, NOW)).toBe(false);
    expect(canMarkDone({ ...ended, status: 'done' }, NOW)).toBe(false);
    expect(canMarkDone({ ...ended, status: 'cancel_pending' }, NOW)).toBe(false);
    // Without an end, the start counts.
    expect(canMarkDone({ ...later, start_time: iso(NOW - MIN), end_time: '' }, NOW)).toBe(true);
  });

  it('asks to cancel only a booked class before it starts, and shows the meeting link only while booked and not ended', () => {
    expect(canRequestCancel(later, NOW)).toBe(true);
    expect(canRequestCancel({ ...later, status: 'cancel_pending' }, NOW)).toBe(false);
    expect(canRequestCancel(later, startOf(later) - 1000)).toBe(true);
    expect(canRequestCancel(later, startOf(later))).toBe(false);
    expect(canRequestCancel(ended, NOW)).toBe(false);
    expect(showsMeetingLink(later, NOW)).toBe(true);
    expect(showsMeetingLink({ ...later, status: 'cancel_pending' }, NOW)).toBe(false);
    expect(showsMeetingLink({ ...later, status: 'done' }, NOW)).toBe(false);
    // Once the class has ended there is no room to join.
    expect(showsMeetingLink(later, endOf(later) - 1)).toBe(true);
    expect(showsMeetingLink(later, endOf(later))).toBe(false);
  });

  it('knows the length of a class, 60 minutes by default', () => {
    expect(durationOf(makeBooking({ id: 3, start_time: iso(NOW), duration: 45 }))).toBe(45);
    expect(durationOf({ duration: 0, start_time: iso(NOW), end_time: iso(NOW + 30 * MIN) })).toBe(30);
    expect(durationOf({ duration: 0, start_time: iso(NOW), end_time: '' })).toBe(60);
  });
});

describe('cancelCase: free while free_cancel_until is ahead, that instant included; then the teacher approves', () => {
  const until = '2030-01-15T14:00:00Z';
  const b = makeBooking({ id: 1, start_time: '2030-01-16T14:00:00Z', free_cancel_until: until });
  it('is free up to and at the instant the server names', () => {
    expect(cancelCase(b, Date.parse(until) - 1000)).toBe('free');
    expect(cancelCase(b, Date.parse(until))).toBe('free');
  });
  it("is the teacher's after it, or when the server names none", () => {
    expect(cancelCase(b, Date.parse(until) + 1000)).toBe('teacher');
    expect(cancelCase({ ...b, free_cancel_until: null }, Date.parse(until) - 1000)).toBe('teacher');
  });
});

describe('ordering: upcoming soonest first, then past latest first', () => {
  it('sorts', () => {
    const list = [
      makeBooking({ id: 1, start_time: iso(NOW - 5 * 24 * 60 * MIN), status: 'done' }),
      makeBooking({ id: 2, start_time: iso(NOW + 3 * 24 * 60 * MIN) }),
      makeBooking({ id: 3, start_time: iso(NOW - 1 * 24 * 60 * MIN), status: 'approved_cancel' }),
      makeBooking({ id: 4, start_time: iso(NOW + 1 * 24 * 60 * MIN) }),
      // Under way: it has not ended, so it is still upcoming, and first.
      makeBooking({ id: 5, start_time: iso(NOW - 20 * MIN) }),
      makeBooking({ id: 6, start_time: iso(NOW - 2 * 24 * 60 * MIN), status: 'done' }),
    ];
    expect(orderClasses(list, NOW).map((b) => b.id)).toEqual([5, 4, 2, 3, 6, 1]);
  });
});

describe('filters', () => {
  const mina = { id: 5, username: 'mina', name: 'Mina', photo: null };
  const omid = { id: 7, username: 'omid', name: 'Omid', photo: null };
  const list = [
    makeBooking({ id: 1, start_time: iso(NOW), teacher: mina, status: 'booked' }),
    makeBooking({ id: 2, start_time: iso(NOW), teacher: mina, status: 'done' }),
    makeBooking({ id: 3, start_time: iso(NOW), teacher: omid, status: 'cancel_pending' }),
    makeBooking({ id: 4, start_time: iso(NOW), teacher: omid, status: 'approved_cancel' }),
    makeBooking({ id: 5, start_time: iso(NOW), teacher: omid, status: 'booked' }),
  ];
  it.each([
    [null, null, [1, 2, 3, 4, 5]],
    [5, null, [1, 2]],
    [null, 'upcoming', [1, 5]],
    [null, 'completed', [2]],
    [null, 'pending', [3]],
    [null, 'cancelled', [4]],
    [7, 'upcoming', [5]],
    [5, 'pending', []],
  ] as const)('teacher %j, status %j', (teacher, status, want) => {
    expect(filterClasses(list, { teacher, status }).map((b) => b.id)).toEqual(want);
  });

  it('counts the status groups and lists the teachers once, by name', () => {
    expect(countByFilter(list)).toEqual({ upcoming: 2, completed: 1, pending: 1, cancelled: 1 });
    expect(teachersOf(list)).toEqual([
      { id: 5, name: 'Mina' },
      { id: 7, name: 'Omid' },
    ]);
  });
});

describe('teacherTabs', () => {
  it('sorts the teacher classes into four tabs', () => {
    const list = [
      makeBooking({ id: 1, start_time: iso(NOW + 48 * 60 * MIN) }),
      makeBooking({ id: 2, start_time: iso(NOW + 60 * MIN) }),
      makeBooking({ id: 3, start_time: iso(NOW - 3 * 60 * MIN) }),
      makeBooking({ id: 4, start_time: iso(NOW - 48 * 60 * MIN), status: 'done' }),
      makeBooking({ id: 5, start_time: iso(NOW + 5 * 60 * MIN), status: 'cancel_pending', requested_at: iso(NOW - 10 * MIN) }),
      makeBooking({ id: 6, start_time: iso(NOW + 6 * 60 * MIN), status: 'cancel_pending', requested_at: iso(NOW - 60 * MIN) }),
      makeBooking({ id: 7, start_time: iso(NOW - 60 * 60 * MIN), status: 'approved_cancel' }),
    ];
    const tabs = teacherTabs(list, NOW);
    expect(tabs.upcoming.map((b) => b.id)).toEqual([2, 1]);
    // A booked class that has ended counts as completed on this screen.
    expect(tabs.completed.map((b) => b.id)).toEqual([3, 4]);
    expect(tabs.pending.map((b) => b.id)).toEqual([6, 5]);
    expect(tabs.cancelled.map((b) => b.id)).toEqual([7]);
  });
});

describe('relativeDay', () => {
  it.each([
    ['2026-11-21', 'today'],
    ['2026-11-22', 'tomorrow'],
    ['2026-11-23', null],
    ['2026-11-20', null],
  ])('%s', (date, want) => expect(relativeDay(date, '2026-11-21')).toBe(want));

  it('crosses months and years', () => {
    expect(relativeDay('2027-01-01', '2026-12-31')).toBe('tomorrow');
  });
});
