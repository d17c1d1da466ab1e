import { describe, expect, it } from 'vitest';
import { readSearch, writeSearch } from './search-params';
import { pickDeepLinked } from './api/get-teacher-by-main-site-id';
import { mainSiteIdOf } from './hooks/use-deep-link';
import type { Teacher } from './api/get-teachers';

describe('the search in the URL', () => {
  it('reads the search, with defaults for what is missing or unknown', () => {
    expect(readSearch(new URLSearchParams(''))).toEqual({ q: '', language: '', sort: 'rating', page: 1 });
    expect(readSearch(new URLSearchParams('q=%20Sara%20&language=English&sort=price&page=3'))).toEqual({
      q: 'Sara',
      language: 'english',
      sort: 'price',
      page: 3,
    });
    expect(readSearch(new URLSearchParams('language=klingon&sort=cheapest&page=-2'))).toEqual({
      q: '',
      language: '',
      sort: 'rating',
      page: 1,
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = new URLSearchParams('id=wp-7&page=4');
    const next = writeSearch(params, { q: 'ielts', language: 'german', sort: 'rating', page: 1 });
    expect(next.toString()).toBe('id=wp-7&q=ielts&language=german');
    expect(params.toString()).toBe('id=wp-7&page=4');
    expect(writeSearch(new URLSearchParams(), { q: '', language: '', sort: 'experience', page: 2 }).toString()).toBe(
      'sort=experience&page=2',
    );
  });

  it('survives a round trip', () => {
    const s = { q: 'مدرس آیلتس', language: 'persian' as const, sort: 'price' as const, page: 2 };
    expect(readSearch(writeSearch(new URLSearchParams(), s))).toEqual(s);
  });
});

describe('the main-site link', () => {
  it('takes ?id= first, then the path', () => {
    expect(mainSiteIdOf('12', new URLSearchParams('id=wp-7'))).toBe('wp-7');
    expect(mainSiteIdOf('12', new URLSearchParams(''))).toBe('12');
    expect(mainSiteIdOf(undefined, new URLSearchParams('id=%20'))).toBeNull();
    expect(mainSiteIdOf(undefined, new URLSearchParams(''))).toBeNull();
  });

  it('prefers a main-site id match over an id match', () => {
    const t = (id: number, wp: string) => ({ id, wp_teacher_id: wp, user: { id } }) as unknown as Teacher;
    const byId = t(42, '');
    const byWp = t(7, '42');
    expect(pickDeepLinked([byId, byWp], '42')).toBe(byWp);
    expect(pickDeepLinked([byId], '42')).toBe(byId);
    expect(pickDeepLinked([t(3, 'x')], '42')).toBeNull();
    expect(pickDeepLinked([], '42')).toBeNull();
  });
});
