import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isolate } from '@/lib/bidi';
import { CORE_PATHS } from './core-sections';
import { LANGS, applyLang, isLang, saveLang, storedLang, DEFAULT_LANG, type Lang } from './langs';

export * from './langs';

// Each language is its own chunk, loaded when first needed, so a page carries
// only the language it shows. The sign-in screens need only the core sections
// (core-sections.ts); any other page loads the whole file. fa.json is the source of truth.
type Loader = () => Promise<{ default: ResourceKey }>;
const coreLoaders: Record<Lang, Loader> = {
  fa: () => import('virtual:core-strings/fa'),
  en: () => import('virtual:core-strings/en'),
};
const fullLoaders: Record<Lang, Loader> = {
  fa: () => import('@/locales/fa.json'),
  en: () => import('@/locales/en.json'),
};

/** needsAllStrings reports whether the screen at pathname needs more than the core strings. */
export function needsAllStrings(pathname: string): boolean {
  return !CORE_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

let wantAll = typeof location === 'undefined' || needsAllStrings(location.pathname);
let allLoading: Promise<unknown> | null = null;

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _ns, callback) {
    if (!isLang(lng)) {
      callback(null, {});
      return;
    }
    (wantAll ? fullLoaders : coreLoaders)[lng]().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

/** ensureAllStrings loads every screen's strings (once), in each language
 * already loaded; the router awaits it before showing a screen beyond sign-in. */
export function ensureAllStrings(): Promise<unknown> {
  if (!wantAll) {
    wantAll = true;
    const loaded = LANGS.filter((l) => i18n.hasResourceBundle(l, 'translation'));
    allLoading = i18n.reloadResources(loaded.length > 0 ? loaded : [currentLang()], ['translation']);
  }
  return allLoading ?? Promise.resolve();
}

/** i18nReady settles once the saved language is loaded; render after it. */
export const i18nReady = i18n
  .use(backend)
  .use(initReactI18next)
  .init({
    lng: storedLang(),
    fallbackLng: false,
    supportedLngs: [...LANGS],
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    // React escapes markup itself; what a value needs is isolating from the
    // sentence around it when it is of the other direction (lib/bidi.ts). The
    // hook is given no language: values follow the interface language, the
    // language every interpolated string is shown in.
    interpolation: { escapeValue: true, escape: (value: string) => isolate(value, currentLang()) },
    returnNull: false,
    react: { useSuspense: false },
  });

applyLang(storedLang());
i18n.on('languageChanged', (lng) => {
  if (isLang(lng)) applyLang(lng);
});

/** chooseLang switches the interface to lang and remembers the choice. */
export function chooseLang(lang: Lang): Promise<unknown> {
  saveLang(lang);
  return i18n.changeLanguage(lang);
}

/** currentLang is the language the interface shows now. */
export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export default i18n;
