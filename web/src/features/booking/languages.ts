import { msg, type TKey } from '@/lib/i18n/keys';

// The names of the languages teachers offer, as the server spells them.
const names: Record<string, TKey> = {
  English: msg('booking.languages.English'),
  Persian: msg('booking.languages.Persian'),
  Spanish: msg('booking.languages.Spanish'),
  French: msg('booking.languages.French'),
  German: msg('booking.languages.German'),
  Italian: msg('booking.languages.Italian'),
  Portuguese: msg('booking.languages.Portuguese'),
  Chinese: msg('booking.languages.Chinese'),
  Japanese: msg('booking.languages.Japanese'),
  Korean: msg('booking.languages.Korean'),
  Arabic: msg('booking.languages.Arabic'),
};

/** languageKey is the translation key of a language's name, or null for one the app does not know. */
export function languageKey(name: string): TKey | null {
  return names[name] ?? null;
}
