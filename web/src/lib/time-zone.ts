import { useSyncExternalStore } from 'react';

// The viewer's time zone: the one chosen in Settings (saved in localStorage),
// else the browser's own. Screens send it as `tz=` and show times in it.
export const TZ_STORAGE_KEY = 'zabano.tz';
export const FALLBACK_TIME_ZONE = 'Asia/Tehran';

const listeners = new Set<() => void>();

// What Intl said of each zone asked about, and the device's zone: every
// render that shows a time asks (useViewerTimeZone), and making a formatter
// to find out is costly.
const knownZones = new Map<string, boolean>();

/** isTimeZone reports whether Intl knows tz as an IANA zone. */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz === '') return false;
  let known = knownZones.get(tz);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(tz, known);
  }
  return known;
}

let deviceZone: string | null = null;

/** browserTimeZone is the zone the device is set to, read once a page: a
 * device moved to another zone shows it from the next page load on. */
export function browserTimeZone(): string {
  if (deviceZone === null) {
    try {
      const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
      deviceZone = isTimeZone(tz) ? tz : FALLBACK_TIME_ZONE;
    } catch {
      deviceZone = FALLBACK_TIME_ZONE;
    }
  }
  return deviceZone;
}

/** storedTimeZone is the zone chosen in Settings, or null when none was chosen. */
export function storedTimeZone(): string | null {
  try {
    const v = localStorage.getItem(TZ_STORAGE_KEY);
    return isTimeZone(v) ? v : null;
  } catch {
    return null;
  }
}

/** viewerTimeZone is the zone to send as tz= and to show times in. */
export function viewerTimeZone(): string {
  return storedTimeZone() ?? browserTimeZone();
}

/** setViewerTimeZone saves tz as the chosen zone; null goes back to the browser's. */
export function setViewerTimeZone(tz: string | null): void {
  try {
    if (tz && isTimeZone(tz)) localStorage.setItem(TZ_STORAGE_KEY, tz);
    else localStorage.removeItem(TZ_STORAGE_KEY);
  } catch {
    // No storage: the browser's zone stays in use.
  }
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => e.key === TZ_STORAGE_KEY && l();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

/** useViewerTimeZone returns the viewer's zone and re-renders when it changes. */
export function useViewerTimeZone(): string {
  return useSyncExternalStore(subscribe, viewerTimeZone, () => FALLBACK_TIME_ZONE);
}
