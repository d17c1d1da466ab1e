import { toLatinDigits } from '@/lib/format';

// The find-teacher search lives in the URL (?q=&language=&sort=&page= and the
// filters price_min, price_max, days, time, within, trial, rating_min and
// saved, named as the server's parameters), so a search survives a reload
// and can be shared; the server does the work.

export const SORTS = ['relevance', 'rating', 'price', 'experience'] as const;
export type Sort = (typeof SORTS)[number];

/** The language filter of spec section 2, matched by the server as part of a language's name. */
export const LANGUAGE_FILTERS = ['english', 'persian', 'french', 'german', 'spanish'] as const;
export type LanguageFilter = (typeof LANGUAGE_FILTERS)[number];

/** The days of the week as the server names them, in the order of a Persian week. */
export const DAYS = ['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'] as const;
export type Day = (typeof DAYS)[number];

/** The parts of the day, and the hours the server gives them (docs/decisions.md). */
export const TIMES = ['morning', 'afternoon', 'evening', 'night'] as const;
export type TimeOfDay = (typeof TIMES)[number];
export const TIME_HOURS: Record<TimeOfDay, [number, number]> = {
  morning: [6, 12],
  afternoon: [12, 17],
  evening: [17, 21],
  night: [21, 6],
};

/** The minimum ratings offered. */
export const RATINGS = [3, 4, 4.5] as const;
export type RatingMin = (typeof RATINGS)[number];

/** The "available soon" filter: a free time within this many days. */
export const SOON_DAYS = 7;

/** The highest price the server takes, in Toman. */
export const MAX_PRICE = 1_000_000_000;

export type TeacherSearch = {
  q: string;
  language: LanguageFilter | '';
  sort: Sort;
  page: number;
  priceMin: number | null;
  priceMax: number | null;
  days: Day[];
  times: TimeOfDay[];
  /** A free time within this many days, or null for any. */
  within: number | null;
  trial: boolean;
  ratingMin: RatingMin | null;
  /** Only the teachers the student saved. */
  saved: boolean;
};

/** SearchChange is a change of the search: the values to set, or a function
 * of the search as it stands (its latest values, even before the URL shows
 * them), for a change that depends on it, such as a toggle. */
export type SearchChange = Partial<TeacherSearch> | ((current: TeacherSearch) => Partial<TeacherSearch>);

/** The filters of the panel, which "clear filters" empties. */
export const NO_FILTERS = {
  priceMin: null,
  priceMax: null,
  days: [],
  times: [],
  within: null,
  trial: false,
  ratingMin: null,
} satisfies Partial<TeacherSearch>;

const MAX_Q = 100;
const MAX_WITHIN = 365;

/** defaultSort is the order a search has when none is chosen: relevance
 * when there is a query, as the server orders it, else the best rated. */
export function defaultSort(q: string): Sort {
  return q.trim() === '' ? 'rating' : 'relevance';
}

/** filterCount is how many of the panel's filters search sets. */
export function filterCount(search: TeacherSearch): number {
  return (
    Number(search.priceMin !== null || search.priceMax !== null) +
    Number(search.days.length > 0) +
    Number(search.times.length > 0) +
    Number(search.within !== null) +
    Number(search.trial) +
    Number(search.ratingMin !== null)
  );
}

function oneOf<T extends string>(list: readonly T[], v: string | null): v is T {
  return (list as readonly string[]).includes(v ?? '');
}

/** listOf reads a comma-separated list of known values, each once, in the order of list. */
function listOf<T extends string>(list: readonly T[], v: string | null): T[] {
  const items = (v ?? '').toLowerCase().split(',');
  return list.filter((x) => items.includes(x));
}

function whole(v: string | null, max: number): number | null {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

/** joined is the chosen values of list, comma-separated in list's order. */
function joined<T extends string>(list: readonly T[], chosen: readonly T[]): string {
  return list.filter((x) => chosen.includes(x)).join(',');
}

/** readSearch reads the search from the query string; anything unknown takes its default. */
export function readSearch(params: URLSearchParams): TeacherSearch {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_Q);
  const language = params.get('language')?.toLowerCase() ?? '';
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const within = whole(params.get('within'), MAX_WITHIN);
  const rating = Number(params.get('rating_min'));
  return {
    q,
    language: oneOf(LANGUAGE_FILTERS, language) ? language : '',
    // Relevance needs a query: without one, the default order.
    sort: oneOf(SORTS, sort) && !(sort === 'relevance' && q === '') ? sort : defaultSort(q),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    priceMin: whole(params.get('price_min'), MAX_PRICE),
    priceMax: whole(params.get('price_max'), MAX_PRICE),
    days: listOf(DAYS, params.get('days')),
    times: listOf(TIMES, params.get('time')),
    within: within === 0 ? null : within,
    trial: params.get('trial') === '1',
    ratingMin: (RATINGS as readonly number[]).includes(rating) ? (rating as RatingMin) : null,
    saved: params.get('saved') === '1',
  };
}

/** writeSearch puts search into params (a copy), leaving out defaults and
 * keeping other parameters, such as a main-site link's id. */
export function writeSearch(params: URLSearchParams, search: TeacherSearch): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | null | false) => {
    if (value === null || value === false || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  const q = search.q.trim();
  set('q', q);
  set('language', search.language);
  set('sort', search.sort !== defaultSort(q) && !(search.sort === 'relevance' && q === '') && search.sort);
  set('page', search.page > 1 && search.page);
  set('price_min', search.priceMin);
  set('price_max', search.priceMax);
  set('days', joined(DAYS, search.days));
  set('time', joined(TIMES, search.times));
  set('within', search.within);
  set('trial', search.trial && 1);
  set('rating_min', search.ratingMin);
  set('saved', search.saved && 1);
  return next;
}

/** queryOf is search as GET /api/teachers/list/ takes it. */
export function queryOf(search: TeacherSearch) {
  return {
    q: search.q || undefined,
    language: search.language || undefined,
    sort: search.sort,
    page: search.page,
    price_min: search.priceMin ?? undefined,
    price_max: search.priceMax ?? undefined,
    days: joined(DAYS, search.days) || undefined,
    time: joined(TIMES, search.times) || undefined,
    within: search.within ?? undefined,
    trial: search.trial ? ('1' as const) : undefined,
    rating_min: search.ratingMin ?? undefined,
    saved: search.saved ? ('1' as const) : undefined,
  };
}

/** parsePrice reads a price typed with Latin or Persian digits and
 * separators: whole Toman, or null when empty; undefined when not a price. */
export function parsePrice(text: string): number | null | undefined {
  const s = toLatinDigits(text).replace(/[\s,٬.]/g, '');
  if (s === '') return null;
  const n = Number(s);
  return /^\d+$/.test(s) && n <= MAX_PRICE ? n : undefined;
}
