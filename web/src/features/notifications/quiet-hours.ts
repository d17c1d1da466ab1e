// Quiet hours are "HH:MM" times of day in the member's zone.

/** The choices of a quiet hours' start or end: every half hour. */
export const QUIET_STEP_MINUTES = 30;

/** quietTimes are the times offered, with value (a saved time off the half
 * hour stays offered) among them, in order. */
export function quietTimes(value?: string): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += QUIET_STEP_MINUTES) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  if (value && /^\d{2}:\d{2}$/.test(value) && !out.includes(value)) {
    out.push(value);
    out.sort();
  }
  return out;
}

/** quietHoursOff: equal start and end mean no quiet hours. */
export function quietHoursOff(start: string, end: string): boolean {
  return start === end;
}
