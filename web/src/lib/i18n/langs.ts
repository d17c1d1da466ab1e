/** The interface languages. Persian is the default and reads right to left. */
export const LANGS = ['fa', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'fa';

/** localStorage key of the chosen language; public/boot.js reads the same key. */
export const LANG_STORAGE_KEY = 'zabano.lang';

export function isLang(value: unknown): value is Lang {
  return value === 'fa' || value === 'en';
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'fa' ? 'rtl' : 'ltr';
}

/** The language saved by the user, else the default. */
export function storedLang(): Lang {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(v) ? v : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** Saves lang and makes <html lang dir> follow it. */
export function applyLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  const root = document.documentElement;
  root.lang = lang;
  root.dir = dirOf(lang);
}
