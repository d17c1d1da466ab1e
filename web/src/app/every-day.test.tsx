// The screens that depend on "now", checked on every day of the week and on
// both sides of midnight in Tehran and in UTC: the suite must pass whatever
// day and hour it runs.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { canJoin, dateIn, relativeDay } from '@/features/classes/rules';
import { dayPart, hourIn } from '@/features/dashboard/greeting';
import { dayLabel } from '@/features/messages/format';
import { WeekPicker } from '@/components/week-picker';
import { dayOfWeek, todayIn, weekDays, weekStartDay } from '@/lib/slot-weeks';

// Saturday 2026-11-21 to Friday 2026-11-27, and the minute before and after
// each midnight, in each zone. Tehran is UTC+03:30 all year.
const ZONES = { 'Asia/Tehran': 210, UTC: 0 } as const;
const DATES = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];

function addDays(ymd: string, n: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** midnight is the instant a date begins in the zone. */
const midnight = (ymd: string, tz: keyof typeof ZONES) => Date.parse(`${ymd}T00:00:00Z`) - ZONES[tz] * 60_000;

const cases = Object.keys(ZONES).flatMap((tz) =>
  DATES.flatMap((date) => [
    { tz: tz as keyof typeof ZONES, side: 'a minute after midnight', at: midnight(date, tz as keyof typeof ZONES) + 60_000, today: date, part: 'morning' },
    { tz: tz as keyof typeof ZONES, side: 'a minute before midnight', at: midnight(date, tz as keyof typeof ZONES) - 60_000, today: addDays(date, -1), part: 'evening' },
  ]),
);

describe.each(cases)('$today ($side) in $tz', ({ tz, at, today, part }) => {
  it('is that day, with tomorrow after it', () => {
    expect(todayIn(tz, new Date(at))).toBe(today);
    expect(dateIn(tz, at)).toBe(today);
    expect(relativeDay(today, dateIn(tz, at))).toBe('today');
    expect(relativeDay(dateIn(tz, at + 86_400_000), today)).toBe('tomorrow');
    expect(relativeDay(dateIn(tz, at - 86_400_000), today)).toBeNull();
  });

  it('greets by the hour in the zone', () => {
    expect(dayPart(hourIn(new Date(at), tz))).toBe(part);
  });

  it.each(['fa', 'en'] as const)('has a %s booking week holding today, after the past days', (lang) => {
    const start = weekStartDay(lang);
    const days = weekDays(today, 0, start);
    expect(dayOfWeek(days[0]!)).toBe(start);
    const past = (dayOfWeek(today) - start + 7) % 7;
    expect(days.indexOf(today)).toBe(past);
    expect(days.filter((d) => d < today)).toHaveLength(past);
    expect(weekDays(today, 1, start)[0]).toBe(addDays(days[0]!, 7));
  });

  it('opens the join window 15 minutes either side of a class starting then', () => {
    expect(canJoin(at, at - 15 * 60_000)).toBe(true);
    expect(canJoin(at, at - 15 * 60_000 - 1)).toBe(false);
    expect(canJoin(at, at + 15 * 60_000)).toBe(true);
    expect(canJoin(at, at + 15 * 60_000 + 1)).toBe(false);
  });
});

describe('messages are grouped by the viewer\'s day', () => {
  it.each(DATES)('%s: today and yesterday around midnight', (date) => {
    // dayLabel reads the runtime's own zone (the tests run in UTC).
    const words = { today: 'today', yesterday: 'yesterday' };
    const justAfter = new Date(midnight(date, 'UTC') + 60_000);
    const justBefore = new Date(midnight(date, 'UTC') - 60_000);
    expect(dayLabel(justAfter.toISOString(), 'en', words, justAfter)).toBe('today');
    expect(dayLabel(justBefore.toISOString(), 'en', words, justAfter)).toBe('yesterday');
    expect(dayLabel(new Date(midnight(date, 'UTC') - 86_400_000 - 60_000).toISOString(), 'en', words, justAfter)).not.toMatch(/today|yesterday/);
  });
});

describe('the week picker on each day of the week', () => {
  it.each(DATES.flatMap((today) => (['fa', 'en'] as const).map((lang) => ({ today, lang }))))(
    '$today in $lang closes the past days without dimming them',
    async ({ today, lang }) => {
      await i18n.changeLanguage(lang);
      render(
        <WeekPicker slots={[]} today={today} tz="Asia/Tehran" week={0} onWeek={() => {}} selectedId={null} onSelect={() => {}} loading={false} error={null} onRetry={() => {}} />,
      );
      const past = (dayOfWeek(today) - weekStartDay(lang) + 7) % 7;
      const days = screen.getAllByRole('listitem');
      expect(days).toHaveLength(7);
      days.forEach((day, i) => {
        expect(day.hasAttribute('data-past')).toBe(i < past);
        expect(within(day).queryByText(i18n.t('booking.pastDay'))).toEqual(i < past ? expect.anything() : null);
        // Opacity would dim the text below the contrast WCAG AA asks for.
        expect(day.className).not.toMatch(/opacity/);
      });
    },
  );
});
