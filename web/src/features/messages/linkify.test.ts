import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

describe('linkify', () => {
  it('makes links of http and https addresses and leaves the rest as text', () => {
    expect(linkify('see https://example.com/a?b=1#c and http://x.ir/')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.ir/', href: 'http://x.ir/' },
    ]);
  });

  it('gives www. addresses https and leaves sentence punctuation outside, Persian included', () => {
    expect(linkify('جلسه: www.zabano.ir/class، ساعت ۵.')).toEqual([
      { kind: 'text', text: 'جلسه: ' },
      { kind: 'link', text: 'www.zabano.ir/class', href: 'https://www.zabano.ir/class' },
      { kind: 'text', text: '، ساعت ۵.' },
    ]);
    expect(linkify('(https://example.com).')[1]).toEqual({ kind: 'link', text: 'https://example.com', href: 'https://example.com/' });
    expect(linkify('https://en.wikipedia.org/wiki/Tehran_(city)!')[0]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Tehran_(city)',
      href: 'https://en.wikipedia.org/wiki/Tehran_(city)',
    });
  });

  it('never makes links of other schemes or of addresses with credentials', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox', 'ftp://example.com', 'https://user:pw@evil.com']) {
      expect(linkify(text).every((p) => p.kind === 'text'), text).toBe(true);
    }
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
  });

  it('keeps text that only looks like markup as text', () => {
    expect(linkify('<img src=x onerror=alert(1)> hi')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)> hi' }]);
    // An address ends where markup would start.
    expect(linkify('https://a.com/"><script>')[0]).toEqual({ kind: 'link', text: 'https://a.com/', href: 'https://a.com/' });
  });
});
