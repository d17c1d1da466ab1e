// One formatting module for the whole app, built on Intl: numbers, money,
// dates and times follow the interface language (Persian digits and the
// Persian calendar in fa, Gregorian in en).
import i18n from '@/lib/i18n';
import type { Lang } from '@/lib/i18n/langs';
import { isolate } from '@/lib/bidi';


// The words the formats need, in lang (which is loaded: it is the interface language).
const words = (lang: Lang) => ({
  toman: i18n.t('format.toman', { lng: lang }),
  invalidDate: i18n.t('format.invalidDate', { lng: lang }),
});

function locale(lang: Lang): string {
  return lang === 'fa' ? 'fa-IR' : 'en-US';
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();

function numberFormat(lang: Lang, opts: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${lang}|${JSON.stringify(opts)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(locale(lang), opts);
    cache.set(key, f);
  }
  return f;
}

function dateFormat(lang: Lang, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${lang}|${JSON.stringify(opts)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(locale(lang), opts);
    cache.set(key, f);
  }
  return f;
}

/** formatList joins items with lang's list words ("a، b و c", "a, b, and c");
 * each item is isolated, so one of the other direction keeps its place. */
export function formatList(items: readonly string[], lang: Lang): string {
  const key = `l|${lang}`;
  let f = cache.get(key) as Intl.ListFormat | undefined;
  if (!f) {
    f = new Intl.ListFormat(locale(lang), { type: 'conjunction', style: 'long' });
    cache.set(key, f);
  }
  return f.format(items.map((item) => isolate(item, lang)));
}

/** formatNumber writes n with the digits and grouping of lang. */
export function formatNumber(n: number, lang: Lang, opts?: Intl.NumberFormatOptions): string {
  return numberFormat(lang, opts).format(n);
}

/** formatPercent writes a 0-100 figure as a percentage ("۶۵٪", "65%"). */
export function formatPercent(n: number, lang: Lang): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(n / 100);
}

/** formatMoney writes an amount of Toman without decimals: "۱۲۳٬۰۰۰ تومان", "123,000 Toman". */
export function formatMoney(toman: number, lang: Lang): string {
  const amount = numberFormat(lang, { maximumFractionDigits: 0 }).format(Math.round(toman));
  return `${amount} ${words(lang).toman}`;
}

/** formatDigits rewrites the ASCII digits of s in lang's digits (Persian in fa). */
export function formatDigits(s: string, lang: Lang): string {
  if (lang !== 'fa') return s;
  return s.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
}

/** toLatinDigits turns Persian and Arabic-Indic digits into ASCII digits, for
 * inputs typed on a Persian keyboard. */
export function toLatinDigits(s: string): string {
  return s
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

/** localizeDigits writes every digit of a typed number (ASCII, Persian or
 * Arabic-Indic) in lang's digits: Persian in fa, ASCII in en. Each digit stays
 * one character, so a caret keeps its place. */
export function localizeDigits(s: string, lang: Lang): string {
  return formatDigits(toLatinDigits(s), lang);
}

/** parseAmount reads a typed amount of whole Toman: ASCII, Persian or Arabic
 * digits, with thousands separators or spaces allowed ("۵۰٬۰۰۰", "50,000").
 * Anything else, or nothing, is null. */
export function parseAmount(raw: string): number | null {
  const s = toLatinDigits(raw).replace(/[\s,\u066c\u060c]/g, '');
  if (!/^\d{1,15}$/.test(s)) return null;
  return Number(s);
}

/** formatIban groups an IBAN in fours, as bank cards print it. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** formatSignedMoney writes a signed amount of Toman with its sign: "+50,000 Toman", "-20,000 Toman". */
export function formatSignedMoney(toman: number, lang: Lang): string {
  const amount = numberFormat(lang, { maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(Math.round(toman));
  return `${amount} ${words(lang).toman}`;
}

/** formatFileSize writes a file's size in KB, or in MB from one megabyte ("۲٫۵ مگابایت", "2.5 MB"). */
export function formatFileSize(bytes: number, lang: Lang): string {
  const mb = 1024 * 1024;
  return bytes >= mb
    ? i18n.t('format.sizeMB', { lng: lang, size: formatNumber(bytes / mb, lang, { maximumFractionDigits: 1 }) })
    : i18n.t('format.sizeKB', { lng: lang, size: formatNumber(Math.max(1, Math.round(bytes / 1024)), lang) });
}

/** formatCountdown writes seconds as m:ss ("۱:۵۹", "1:59"). */
export function formatCountdown(seconds: number, lang: Lang): string {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return formatDigits(`${m}:${String(rest).padStart(2, '0')}`, lang);
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** formatDate writes a short numeric date: "۱۴۰۵/۰۸/۳۰" in fa, "11/21/2026" in en. */
export function formatDate(value: DateInput, lang: Lang, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return words(lang).invalidDate;
  return dateFormat(lang, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(d);
}

/** formatLongDate writes weekday, day, month name and year in the natural
 * order of lang: "شنبه ۳۰ آبان ۱۴۰۵", "Saturday, November 21, 2026".
 * The fa parts are put in order by hand: Intl's full style orders them oddly. */
export function formatLongDate(value: DateInput, lang: Lang, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return words(lang).invalidDate;
  const f = dateFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone });
  if (lang !== 'fa') return f.format(d);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    f.formatToParts(d).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** formatTime writes a 24-hour hh:mm time. */
export function formatTime(value: DateInput, lang: Lang, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return words(lang).invalidDate;
  return dateFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(d);
}

/** formatDateTime writes the long date followed by the time. */
export function formatDateTime(value: DateInput, lang: Lang, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return words(lang).invalidDate;
  const sep = lang === 'fa' ? '، ' : ', ';
  return `${formatLongDate(d, lang, timeZone)}${sep}${formatTime(d, lang, timeZone)}`;
}

/** formatDayMonth writes a day and a short month name: "۲۱ آبان", "Nov 21".
 * A date-only "YYYY-MM-DD" is read as that calendar day wherever the viewer is. */
export function formatDayMonth(value: DateInput, lang: Lang, timeZone?: string): string {
  const dateOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = toDate(dateOnly ? `${value as string}T00:00:00Z` : value);
  if (!d) return words(lang).invalidDate;
  return dateFormat(lang, { day: 'numeric', month: 'short', timeZone: dateOnly ? 'UTC' : timeZone }).format(d);
}

/** formatWeekday names a day of the week (0 Sunday ... 6 Saturday): "شنبه", "Saturday". */
export function formatWeekday(day: number, lang: Lang, style: 'long' | 'short' = 'long'): string {
  // 2023-01-01 was a Sunday.
  const d = new Date(Date.UTC(2023, 0, 1 + (((day % 7) + 7) % 7)));
  return dateFormat(lang, { weekday: style, timeZone: 'UTC' }).format(d);
}

/** formatClock writes a time of day for class times: 12-hour with AM/PM in en
 * ("9:30 AM"), 24-hour with Persian digits in fa ("۰۹:۳۰"). */
export function formatClock(value: DateInput, lang: Lang, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return words(lang).invalidDate;
  if (lang === 'fa') return formatTime(d, lang, timeZone);
  return dateFormat(lang, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(d);
}

/** formatDuration writes how long ms is in its largest whole unit: days, else
 * hours, else minutes ("۳ روز", "5 hours"), for how long something has waited. */
export function formatDuration(ms: number, lang: Lang): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const [n, unit] = minutes >= 1440 ? [Math.floor(minutes / 1440), 'day'] : minutes >= 60 ? [Math.floor(minutes / 60), 'hour'] : [minutes, 'minute'];
  return numberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
}
