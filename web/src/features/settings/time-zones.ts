import { formatDigits } from '@/lib/format';
import type { Lang } from '@/lib/i18n/langs';

let zones: string[] | null = null;

/** timeZones lists the IANA zones the browser knows, by name. */
export function timeZones(): string[] {
  if (!zones) {
    const intl = Intl as typeof Intl & { supportedValuesOf?: (k: 'timeZone') => string[] };
    zones = intl.supportedValuesOf?.('timeZone') ?? ['Asia/Tehran', 'UTC'];
  }
  return zones;
}

/** zoneOffset is a zone's offset from GMT now, such as "GMT+3:30". */
export function zoneOffset(tz: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

/** zoneLabel names a zone for a list: "Asia/Tehran (GMT+3:30)", with Persian digits in fa. */
export function zoneLabel(tz: string, lang: Lang): string {
  const off = zoneOffset(tz);
  const name = tz.replace(/_/g, ' ');
  // Isolated left to right, so that a zone reads the same inside a right-to-left list.
  return `\u2066${off ? `${name} (${formatDigits(off, lang)})` : name}\u2069`;
}
