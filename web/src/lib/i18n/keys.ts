import type { ParseKeys } from 'i18next';

/** A translation key of fa.json; a missing key is a compile error. */
export type TKey = ParseKeys;

/** msg marks a string as a translation key, checked by the compiler, for use in
 * schemas and tables that are translated later, when they are shown. */
export function msg<K extends TKey>(key: K): K {
  return key;
}
