import { describe, expect, it } from 'vitest';
import i18n, { chooseLang } from '@/lib/i18n';
import { isolate } from './bidi';

const FSI = '\u2068';
const PDI = '\u2069';

describe('isolate', () => {
  it('isolates a value of the other direction', () => {
    expect(isolate('B1', 'fa')).toBe(`${FSI}B1${PDI}`);
    expect(isolate('Sara Ahmadi', 'fa')).toBe(`${FSI}Sara Ahmadi${PDI}`);
    expect(isolate('Asia/Tehran', 'fa')).toBe(`${FSI}Asia/Tehran${PDI}`);
    expect(isolate('سارا احمدی', 'en')).toBe(`${FSI}سارا احمدی${PDI}`);
  });

  it('isolates Latin digits in Persian, which a right-to-left line reorders with their signs', () => {
    expect(isolate('+98 912 000 0000', 'fa')).toBe(`${FSI}+98 912 000 0000${PDI}`);
  });

  it('leaves a value of the reader’s direction as it is', () => {
    expect(isolate('۱۲۳٬۰۰۰ تومان', 'fa')).toBe('۱۲۳٬۰۰۰ تومان');
    expect(isolate('سارا', 'fa')).toBe('سارا');
    expect(isolate('123,000 Toman', 'en')).toBe('123,000 Toman');
    expect(isolate('', 'fa')).toBe('');
  });
});

describe('translated strings', () => {
  it('isolate their values of the other direction', async () => {
    await chooseLang('fa');
    // The booking dialog's level option: B1 stays before the dash, the price after it.
    expect(i18n.t('booking.levelOption', { level: 'انگلیسی · B1', price: '۲۵۰٬۰۰۰ تومان' })).toBe(
      `${FSI}انگلیسی · B1${PDI} — ۲۵۰٬۰۰۰ تومان`,
    );
    expect(i18n.t('booking.title', { name: 'Sara' })).toBe(`رزرو کلاس با ${FSI}Sara${PDI}`);
    await chooseLang('en');
    expect(i18n.t('booking.title', { name: 'سارا' })).toBe(`Book a class with ${FSI}سارا${PDI}`);
    expect(i18n.t('booking.title', { name: 'Sara' })).toBe('Book a class with Sara');
  });
});
