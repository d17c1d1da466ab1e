/** A piece of a message's text: plain text, or a web address to make a link of. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Candidate addresses: http(s):// or www. followed by anything but spaces and
// characters that never belong to a bare address in chat text.
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;
// Punctuation that usually ends a sentence rather than an address (ASCII and Persian).
const TRAILING = /[.,;:!?،؛؟…'"»)\]}]+$/u;

/** safeHref returns the address a link may point to, or null: only http and
 * https, with a host, so javascript:, data: and the like never become links. */
export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}

/** trimTrailing drops sentence punctuation after an address, but keeps a
 * closing bracket that closes one opened inside it (wiki-style addresses). */
function trimTrailing(s: string): string {
  let out = s.replace(TRAILING, '');
  // Give back closing brackets that balance an opening one inside the address.
  const rest = s.slice(out.length);
  for (const ch of rest) {
    const open = ch === ')' ? '(' : ch === ']' ? '[' : ch === '}' ? '{' : null;
    if (!open) break;
    const opens = out.split(open).length - 1;
    const closes = out.split(ch).length - 1;
    if (opens > closes) out += ch;
    else break;
  }
  return out;
}

/** linkify splits text into plain parts and safe http(s) links. It never
 * produces HTML: the caller renders parts as text nodes and anchors. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(CANDIDATE)) {
    const start = m.index;
    const raw = trimTrailing(m[0]);
    const href = raw.length > 0 ? safeHref(raw) : null;
    if (!href || /^(?:https?:\/\/|www\.)$/i.test(raw)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
