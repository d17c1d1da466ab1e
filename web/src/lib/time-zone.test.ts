import { afterEach, describe, expect, it } from 'vitest';
import { isTimeZone, setViewerTimeZone, TZ_STORAGE_KEY, viewerTimeZone, browserTimeZone } from './time-zone';

describe('the viewer time zone', () => {
  afterEach(() => localStorage.clear());

  it('knows IANA zones, asked again and again, and nothing else', () => {
    for (let i = 0; i < 3; i++) {
      expect(isTimeZone('Asia/Tehran')).toBe(true);
      expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    }
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });

  it('is the chosen zone, else the browser’s; a zone Intl does not know is not chosen', () => {
    setViewerTimeZone('Europe/Berlin');
    expect(viewerTimeZone()).toBe('Europe/Berlin');
    localStorage.setItem(TZ_STORAGE_KEY, 'Mars/Olympus_Mons');
    expect(viewerTimeZone()).toBe(browserTimeZone());
    setViewerTimeZone(null);
    expect(localStorage.getItem(TZ_STORAGE_KEY)).toBeNull();
  });
});
