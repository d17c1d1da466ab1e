import { msg, type TKey } from '@/lib/i18n/keys';
import type { LanguageFilter } from './search-params';

// The names of the languages teachers offer, as the server spells them.
const names: Record<string, TKey> = {
  English: msg('findTeacher.languages.English'),
  Persian: msg('findTeacher.languages.Persian'),
  Spanish: msg('findTeacher.languages.Spanish'),
  French: msg('findTeacher.languages.French'),
  German: msg('findTeacher.languages.German'),
  Italian: msg('findTeacher.languages.Italian'),
  Portuguese: msg('findTeacher.languages.Portuguese'),
  Chinese: msg('findTeacher.languages.Chinese'),
  Japanese: msg('findTeacher.languages.Japanese'),
  Korean: msg('findTeacher.languages.Korean'),
  Arabic: msg('findTeacher.languages.Arabic'),
};

/** languageKey is the translation key of a language's name, or null for one the app does not know. */
export function languageKey(name: string): TKey | null {
  return names[name] ?? null;
}

/** filterKey is the translation key of a language filter's name. */
export function filterKey(filter: LanguageFilter): TKey {
  return names[filter.charAt(0).toUpperCase() + filter.slice(1)]!;
}
