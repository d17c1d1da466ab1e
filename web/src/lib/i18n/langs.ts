/** The interface languages. Persian is the default and reads right to left. */
export const LANGS = ['fa', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'fa';

/** localStorage key of the chosen language; src/boot.js reads the same key. */
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

/** Saves lang as the user's choice; only an explicit choice is saved, so that
 * the start-up language never overwrites a choice made in another tab. */
export function saveLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** Makes <html lang dir> follow lang. */
export function applyLang(lang: Lang): void {
  const root = document.documentElement;
  root.lang = lang;
  root.dir = dirOf(lang);
}
