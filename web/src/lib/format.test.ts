import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatDigits,
  formatDuration,
  formatIban,
  formatList,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTime,
  toLatinDigits,
  localizeDigits,
  parseAmount,
} from './format';

describe('numbers and money', () => {
  it('writes Persian digits and separators in fa, Latin in en', () => {
    expect(formatNumber(1234567, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });

  it('writes Toman without decimals', () => {
    expect(formatMoney(123000, 'fa')).toBe('۱۲۳٬۰۰۰ تومان');
    expect(formatMoney(123000, 'en')).toBe('123,000 Toman');
    expect(formatMoney(999.6, 'en')).toBe('1,000 Toman');
    expect(formatMoney(0, 'fa')).toBe('۰ تومان');
  });

  it('writes percentages', () => {
    expect(formatPercent(65, 'en')).toBe('65%');
    expect(formatPercent(0, 'fa')).toMatch(/^۰\s?٪$/);
  });

  it('converts digits both ways', () => {
    expect(formatDigits('09121234567', 'fa')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(formatDigits('0912', 'en')).toBe('0912');
    expect(toLatinDigits('۰۹۱۲ ٣٤٥')).toBe('0912 345');
  });
});

describe('countdown', () => {
  it('shows m:ss', () => {
    expect(formatCountdown(120, 'en')).toBe('2:00');
    expect(formatCountdown(119, 'en')).toBe('1:59');
    expect(formatCountdown(9, 'en')).toBe('0:09');
    expect(formatCountdown(0, 'en')).toBe('0:00');
    expect(formatCountdown(65, 'fa')).toBe('۱:۰۵');
  });
});

describe('dates', () => {
  // 2026-11-21 10:05 UTC is 13:35 on 30 Aban 1405 in Tehran.
  const instant = '2026-11-21T10:05:00Z';

  it('uses the Persian calendar and digits in fa', () => {
    expect(formatDate(instant, 'fa', 'Asia/Tehran')).toBe('۱۴۰۵/۰۸/۳۰');
    expect(formatLongDate(instant, 'fa', 'Asia/Tehran')).toBe('شنبه ۳۰ آبان ۱۴۰۵');
    expect(formatTime(instant, 'fa', 'Asia/Tehran')).toBe('۱۳:۳۵');
    expect(formatDateTime(instant, 'fa', 'Asia/Tehran')).toBe('شنبه ۳۰ آبان ۱۴۰۵، ۱۳:۳۵');
  });

  it('uses the Gregorian calendar in en', () => {
    expect(formatDate(instant, 'en', 'UTC')).toBe('11/21/2026');
    expect(formatLongDate(instant, 'en', 'UTC')).toBe('Saturday, November 21, 2026');
    expect(formatTime(instant, 'en', 'UTC')).toBe('10:05');
  });

  it('says Invalid Date for what it cannot read', () => {
    expect(formatDate('not a date', 'en')).toBe('Invalid Date');
    expect(formatLongDate('nope', 'fa')).toBe('تاریخ نامعتبر');
  });
});

describe('class times and days', () => {
  const instant = '2026-11-21T10:05:00Z';

  it('writes 12-hour times in en and 24-hour Persian digits in fa', () => {
    expect(formatClock(instant, 'en', 'UTC')).toBe('10:05 AM');
    expect(formatClock('2026-11-21T15:30:00Z', 'en', 'UTC')).toBe('3:30 PM');
    expect(formatClock(instant, 'fa', 'Asia/Tehran')).toBe('۱۳:۳۵');
  });
});

describe('lists', () => {
  it('join with the reader’s list words and isolate items of the other direction', () => {
    expect(formatList(['سارا', 'Ali', 'مینا'], 'fa')).toBe('سارا،\u200f \u2068Ali\u2069، و مینا');
    expect(formatList(['a', 'b'], 'en')).toBe('a and b');
    expect(formatList([], 'en')).toBe('');
  });
});

describe('waiting times and IBANs', () => {
  it('write a wait in its largest whole unit', () => {
    const minute = 60_000;
    expect(formatDuration(30_000, 'en')).toBe('0 minutes');
    expect(formatDuration(59 * minute, 'en')).toBe('59 minutes');
    expect(formatDuration(61 * minute, 'en')).toBe('1 hour');
    expect(formatDuration(47 * 60 * minute, 'en')).toBe('1 day');
    expect(formatDuration(3 * 1440 * minute, 'fa')).toBe('۳ روز');
    expect(formatDuration(-5 * minute, 'en')).toBe('0 minutes');
  });

  it('group an IBAN in fours', () => {
    expect(formatIban('IR062960000000100324200001')).toBe('IR06 2960 0000 0010 0324 2000 01');
  });
});

describe('localizeDigits', () => {
  it('writes ASCII, Persian and Arabic digits in the reader’s digits, one character each', () => {
    expect(localizeDigits('12۳٤5', 'fa')).toBe('۱۲۳۴۵');
    expect(localizeDigits('۱۲۳٤5', 'en')).toBe('12345');
    expect(localizeDigits('50,000 ', 'fa')).toBe('۵۰,۰۰۰ ');
    expect(localizeDigits('', 'fa')).toBe('');
    const typed = '1٢۳';
    expect(localizeDigits(typed, 'fa')).toHaveLength(typed.length);
    expect(parseAmount(localizeDigits('۵۰٬۰۰۰', 'fa'))).toBe(50000);
  });
});
