import { describe, expect, it } from 'vitest';
import i18n, { chooseLang } from '@/lib/i18n';

describe('the interface language', () => {
  it('remembers a choice, and only a choice', async () => {
    await chooseLang('en');
    expect(localStorage.getItem('zabano.lang')).toBe('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    // Another tab chose Persian; this one changing language by itself (as at
    // start-up) must not overwrite that.
    localStorage.setItem('zabano.lang', 'fa');
    await i18n.changeLanguage('en');
    await i18n.changeLanguage('fa');
    expect(localStorage.getItem('zabano.lang')).toBe('fa');
    localStorage.setItem('zabano.lang', 'en');
    await i18n.changeLanguage('fa');
    expect(localStorage.getItem('zabano.lang')).toBe('en');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('counts', () => {
  it('take the English plural forms and the one Persian form', async () => {
    await chooseLang('en');
    expect(i18n.t('classes.minutes', { count: 1, n: '1' })).toBe('1 minute');
    expect(i18n.t('classes.minutes', { count: 60, n: '60' })).toBe('60 minutes');
    expect(i18n.t('booking.confirmWeekly', { count: 1, n: '1' })).toBe('Book 1 weekly class');
    await chooseLang('fa');
    expect(i18n.t('classes.minutes', { count: 1, n: '۱' })).toBe('۱ دقیقه');
    expect(i18n.t('classes.minutes', { count: 60, n: '۶۰' })).toBe('۶۰ دقیقه');
  });
});
