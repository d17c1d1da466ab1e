import { describe, expect, it } from 'vitest';
import type { NotificationPages } from './api/get-notifications';
import { KIND_GROUPS, kindGroupsFor } from './kinds';
import { notificationPath } from './notification-path';
import { unreadOf, withAllRead, withArrived, withRead } from './notifications-cache';
import { quietHoursOff, quietTimes } from './quiet-hours';
import type { Notification, NotificationKind } from './types';

function n(id: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'class_booked',
    read: false,
    created_at: '2026-11-21T10:00:00Z',
    object: { type: 'booking', id: 3 },
    title: `title ${id}`,
    text: `text ${id}`,
    link: '/teacher/booked-slots',
    ...over,
  };
}

function pages(...lists: Notification[][]): NotificationPages {
  return { pages: lists.map((results, i) => ({ results, unread: i === 0 ? lists.flat().filter((x) => !x.read).length : 99 })), pageParams: lists.map((_, i) => i + 1) };
}

describe('the notifications cache', () => {
  it('puts an arriving notification on top once, with the count that came with it', () => {
    const data = pages([n(2), n(1, { read: true })]);
    const after = withArrived(data, n(3), 2)!;
    expect(after.pages[0]!.results.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(unreadOf(after)).toBe(2);
    // The same event twice (a reconnection's replay) is one notification.
    expect(withArrived(after, n(3), 2)!.pages[0]!.results.map((x) => x.id)).toEqual([3, 2, 1]);
    expect(withArrived(undefined, n(3), 1)).toBeUndefined();
  });

  it('marks one read and counts it off, once; all read to zero', () => {
    const data = pages([n(3), n(2)], [n(1)]);
    expect(unreadOf(data)).toBe(3);
    const one = withRead(data, 1)!;
    expect(one.pages[1]!.results[0]!.read).toBe(true);
    expect(unreadOf(one)).toBe(2);
    expect(withRead(one, 1)).toBe(one);
    const all = withAllRead(one)!;
    expect(all.pages.flatMap((p) => p.results).every((x) => x.read)).toBe(true);
    expect(unreadOf(all)).toBe(0);
    expect(unreadOf(undefined)).toBe(0);
  });
});

describe('notificationPath', () => {
  it("follows the server's link inside the reader's area", () => {
    expect(notificationPath(n(1, { link: '/teacher/booked-slots' }), 'teacher')).toBe('/teacher/booked-slots');
    expect(notificationPath(n(1, { link: '/student/messages?chat=9' }), 'student')).toBe('/student/messages?chat=9');
  });

  it("goes to the area's home for a link outside it", () => {
    expect(notificationPath(n(1, { link: '/teacher/booked-slots' }), 'student')).toBe('/student');
    expect(notificationPath(n(1, { link: '/student' }), 'student')).toBe('/student');
    expect(notificationPath(n(1, { link: 'https://evil.example/' }), 'student')).toBe('/student');
    expect(notificationPath(n(1, { link: '//evil.example/student/' }), 'student')).toBe('/student');
  });
});

describe('kinds', () => {
  it('lists every kind once', () => {
    const all = KIND_GROUPS.flatMap((g) => g.kinds);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(23);
  });

  it("shows each role only the kinds it can get", () => {
    const of = (role: 'student' | 'teacher') => kindGroupsFor(role).flatMap((g) => g.kinds);
    const teacher: NotificationKind[] = of('teacher');
    const student: NotificationKind[] = of('student');
    expect(teacher).toContain('class_booked');
    expect(teacher).toContain('review_received');
    expect(teacher).not.toContain('class_done');
    expect(student).toContain('class_done');
    expect(student).toContain('payment_credited');
    expect(student).not.toContain('class_booked');
    expect(student).not.toContain('profile_approved');
    for (const both of ['reminder_24h', 'reminder_1h', 'class_starting', 'class_cancelled', 'message_unread'] as const) {
      expect(teacher).toContain(both);
      expect(student).toContain(both);
    }
    expect(kindGroupsFor('student').map((g) => g.id)).not.toContain('profile');
  });
});

describe('quiet hours', () => {
  it('offers every half hour, and a saved time off the half hour in its place', () => {
    const times = quietTimes();
    expect(times).toHaveLength(48);
    expect(times[0]).toBe('00:00');
    expect(times[45]).toBe('22:30');
    const with15 = quietTimes('07:15');
    expect(with15).toHaveLength(49);
    expect(with15.indexOf('07:15')).toBe(with15.indexOf('07:00') + 1);
    expect(quietTimes('nonsense')).toHaveLength(48);
  });

  it('are off when they start and end at the same time', () => {
    expect(quietHoursOff('22:00', '22:00')).toBe(true);
    expect(quietHoursOff('22:00', '08:00')).toBe(false);
  });
});
