// The find-teacher search lives in the URL (?q=&language=&sort=&page=), so a
// search survives a reload and can be shared; the server does the work.

export const SORTS = ['rating', 'price', 'experience'] as const;
export type Sort = (typeof SORTS)[number];

/** The language filter of spec section 2, matched by the server as part of a language's name. */
export const LANGUAGE_FILTERS = ['english', 'persian', 'french', 'german', 'spanish'] as const;
export type LanguageFilter = (typeof LANGUAGE_FILTERS)[number];

export type TeacherSearch = { q: string; language: LanguageFilter | ''; sort: Sort; page: number };

export const DEFAULT_SORT: Sort = 'rating';
const MAX_Q = 100;

function isSort(v: string | null): v is Sort {
  return (SORTS as readonly string[]).includes(v ?? '');
}

function isLanguage(v: string | null): v is LanguageFilter {
  return (LANGUAGE_FILTERS as readonly string[]).includes(v ?? '');
}

/** readSearch reads the search from the query string; anything unknown takes its default. */
export function readSearch(params: URLSearchParams): TeacherSearch {
  const language = params.get('language')?.toLowerCase() ?? '';
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_Q),
    language: isLanguage(language) ? language : '',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** writeSearch puts search into params (a copy), leaving out defaults and
 * keeping other parameters, such as a main-site link's id. */
export function writeSearch(params: URLSearchParams, search: TeacherSearch): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, isDefault: boolean) => {
    if (isDefault) next.delete(key);
    else next.set(key, value);
  };
  set('q', search.q.trim(), search.q.trim() === '');
  set('language', search.language, search.language === '');
  set('sort', search.sort, search.sort === DEFAULT_SORT);
  set('page', String(search.page), search.page <= 1);
  return next;
}
