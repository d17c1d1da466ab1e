// Mixed-direction text: a value of the other direction set inside a sentence
// (an English name or level in Persian, a Persian name in English) is
// reordered with its neighbours by the bidirectional algorithm unless it is
// isolated ("B1" ends up between the price and تومان). Every translated
// string's values pass through isolate (lib/i18n: the interpolation's escape);
// text built outside t uses it, or <bdi>, directly.
import type { Lang } from './i18n/langs';

const FSI = '\u2068'; // FIRST STRONG ISOLATE: the value takes the direction of its first letter.
const PDI = '\u2069'; // POP DIRECTIONAL ISOLATE

const rtlScripts = '\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}\\p{Script=Nko}';
const rtlLetter = new RegExp(`[${rtlScripts}]`, 'u');
// A letter of a left-to-right script, or an ASCII digit (which a right-to-left
// line reorders with the signs around it: "+98 912").
const ltrText = new RegExp(`(?![${rtlScripts}])\\p{L}|[0-9]`, 'u');

/** isolate wraps value in Unicode isolates (FSI … PDI) when it holds text of
 * the other direction than lang's, so that it keeps its order and does not
 * pull the words around it; a value wholly in lang's direction is returned as is. */
export function isolate(value: string, lang: Lang): string {
  const foreign = lang === 'fa' ? ltrText : rtlLetter;
  return foreign.test(value) ? `${FSI}${value}${PDI}` : value;
}

/** stripIsolates removes the isolates isolate adds, for comparing text. */
export function stripIsolates(s: string): string {
  return s.replace(/[\u2066-\u2069]/g, '');
}
