import { msg, type TKey } from '@/lib/i18n/keys';

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** hourIn is the hour of the day (0-23) of at in timeZone. */
export function hourIn(at: Date, timeZone: string): number {
  const h = new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(at);
  return Number(h) % 24;
}

/** dayPart follows the spec: before 12 morning, before 18 afternoon, else evening. */
export function dayPart(hour: number): DayPart {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

export const greetingKeys: Record<DayPart, TKey> = {
  morning: msg('dashboard.greeting.morning'),
  afternoon: msg('dashboard.greeting.afternoon'),
  evening: msg('dashboard.greeting.evening'),
};

/** welcomeName is the first name, else the username (spec: "first name or username"). */
export function welcomeName(user: { first_name?: string | null; username?: string | null } | null): string | null {
  return user?.first_name?.trim() || user?.username?.trim() || null;
}
