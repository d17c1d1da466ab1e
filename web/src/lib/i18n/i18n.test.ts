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
