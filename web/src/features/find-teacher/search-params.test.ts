import { describe, expect, it } from 'vitest';
import { filterCount, parsePrice, queryOf, readSearch, writeSearch } from './search-params';
import { pickDeepLinked } from './api/get-teacher-by-main-site-id';
import { mainSiteIdOf } from './hooks/use-deep-link';
import type { Teacher } from '@/lib/api/teachers';

const none = { priceMin: null, priceMax: null, days: [], times: [], within: null, trial: false, ratingMin: null, saved: false };

describe('the search in the URL', () => {
  it('reads the search, with defaults for what is missing or unknown', () => {
    expect(readSearch(new URLSearchParams(''))).toEqual({ q: '', language: '', sort: 'rating', page: 1, ...none });
    expect(readSearch(new URLSearchParams('q=%20Sara%20&language=English&sort=price&page=3'))).toEqual({
      q: 'Sara',
      language: 'english',
      sort: 'price',
      page: 3,
      ...none,
    });
    expect(readSearch(new URLSearchParams('language=klingon&sort=cheapest&page=-2'))).toEqual({
      q: '',
      language: '',
      sort: 'rating',
      page: 1,
      ...none,
    });
  });

  it('sorts a query by relevance unless told otherwise, and never sorts by relevance without one', () => {
    expect(readSearch(new URLSearchParams('q=ali')).sort).toBe('relevance');
    expect(readSearch(new URLSearchParams('q=ali&sort=experience')).sort).toBe('experience');
    expect(readSearch(new URLSearchParams('sort=relevance')).sort).toBe('rating');
    expect(writeSearch(new URLSearchParams(), { ...readSearch(new URLSearchParams('q=ali')) }).toString()).toBe('q=ali');
    expect(writeSearch(new URLSearchParams(), { ...readSearch(new URLSearchParams('q=ali')), sort: 'rating' }).toString()).toBe('q=ali&sort=rating');
    expect(writeSearch(new URLSearchParams(), { ...readSearch(new URLSearchParams('')), sort: 'relevance' }).toString()).toBe('');
  });

  it('reads the filters as the server names them, leaving out what it does not know', () => {
    expect(
      readSearch(new URLSearchParams('price_min=100000&price_max=300000&days=mon,SAT,xyz&time=night,morning&within=7&trial=1&rating_min=4.5&saved=1')),
    ).toEqual({
      q: '',
      language: '',
      sort: 'rating',
      page: 1,
      priceMin: 100000,
      priceMax: 300000,
      days: ['sat', 'mon'],
      times: ['morning', 'night'],
      within: 7,
      trial: true,
      ratingMin: 4.5,
      saved: true,
    });
    expect(readSearch(new URLSearchParams('price_min=-1&price_max=1.5&within=0&trial=yes&rating_min=4.2&saved=true'))).toEqual(
      readSearch(new URLSearchParams('')),
    );
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const params = new URLSearchParams('id=wp-7&page=4');
    const next = writeSearch(params, { q: 'ielts', language: 'german', sort: 'relevance', page: 1, ...none });
    expect(next.toString()).toBe('id=wp-7&q=ielts&language=german');
    expect(params.toString()).toBe('id=wp-7&page=4');
    expect(writeSearch(new URLSearchParams(), { q: '', language: '', sort: 'experience', page: 2, ...none }).toString()).toBe(
      'sort=experience&page=2',
    );
    expect(
      writeSearch(new URLSearchParams(), {
        ...readSearch(new URLSearchParams('')),
        priceMax: 250000,
        days: ['mon', 'sat'],
        times: ['evening'],
        within: 7,
        trial: true,
        ratingMin: 4,
        saved: true,
      }).toString(),
    ).toBe('price_max=250000&days=sat%2Cmon&time=evening&within=7&trial=1&rating_min=4&saved=1');
  });

  it('survives a round trip', () => {
    const s = {
      q: 'مدرس آیلتس',
      language: 'persian' as const,
      sort: 'price' as const,
      page: 2,
      priceMin: 0,
      priceMax: 500000,
      days: ['sat' as const, 'fri' as const],
      times: ['afternoon' as const],
      within: 7,
      trial: true,
      ratingMin: 3 as const,
      saved: true,
    };
    expect(readSearch(writeSearch(new URLSearchParams(), s))).toEqual(s);
  });

  it('asks the server for the filters', () => {
    const q = queryOf(readSearch(new URLSearchParams('q=x&days=mon,sat&time=night&within=7&trial=1&rating_min=3&price_min=5&saved=1')));
    expect(q).toEqual({
      q: 'x',
      language: undefined,
      sort: 'relevance',
      page: 1,
      price_min: 5,
      price_max: undefined,
      days: 'sat,mon',
      time: 'night',
      within: 7,
      trial: '1',
      rating_min: 3,
      saved: '1',
    });
    expect(filterCount(readSearch(new URLSearchParams('q=x&days=mon&price_min=5&price_max=9&saved=1')))).toBe(2);
  });

  it('reads a price typed with Persian digits and separators', () => {
    expect(parsePrice('۲۵۰٬۰۰۰')).toBe(250000);
    expect(parsePrice(' 1,000 ')).toBe(1000);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('-5')).toBeUndefined();
    expect(parsePrice('abc')).toBeUndefined();
    expect(parsePrice('2000000000')).toBeUndefined();
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
