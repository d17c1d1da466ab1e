// The languages teachers offer, and their names in the reader's language: the
// one home of both for every screen (the locale files' "languages" section).
import i18n from '@/lib/i18n';
import type { Lang } from '@/lib/i18n/langs';
import { msg, type TKey } from '@/lib/i18n/keys';
import { isolate } from '@/lib/bidi';
import { formatList } from '@/lib/format';

/** LANGUAGES are the languages teachers offer, as the server spells them;
 * English (main-site id 17) first. */
export const LANGUAGES = [
  'English',
  'Persian',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Chinese',
  'Japanese',
  'Korean',
  'Arabic',
] as const;
export type Language = (typeof LANGUAGES)[number];

const keys: Record<Language, TKey> = {
  English: msg('languages.English'),
  Persian: msg('languages.Persian'),
  Spanish: msg('languages.Spanish'),
  French: msg('languages.French'),
  German: msg('languages.German'),
  Italian: msg('languages.Italian'),
  Portuguese: msg('languages.Portuguese'),
  Chinese: msg('languages.Chinese'),
  Japanese: msg('languages.Japanese'),
  Korean: msg('languages.Korean'),
  Arabic: msg('languages.Arabic'),
};

function isLanguage(name: string): name is Language {
  return Object.hasOwn(keys, name);
}

/** languageName is a language's name in lang ("انگلیسی" for English in fa);
 * one the app does not know keeps the server's spelling. */
export function languageName(name: string, lang: Lang): string {
  return isLanguage(name) ? i18n.t(keys[name], { lng: lang }) : name;
}

/** languageList names languages in lang, joined by lang's list words
 * ("انگلیسی و آلمانی", "English and German"). */
export function languageList(names: readonly string[], lang: Lang): string {
  return formatList(
    names.map((n) => languageName(n, lang)),
    lang,
  );
}

/** languageLevel writes a language and a level for a class or a price list:
 * "انگلیسی · B1", "English · B1"; the level is isolated (B1 in a Persian line). */
export function languageLevel(language: string | null | undefined, level: string | null | undefined, lang: Lang): string {
  const parts = [language ? languageName(language, lang) : '', level ? isolate(level, lang) : ''];
  return parts.filter(Boolean).join(' · ');
}
