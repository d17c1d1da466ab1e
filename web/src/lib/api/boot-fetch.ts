// src/boot.js asks for a landing screen's first read while the app's scripts
// load (today the find-teacher screen's first page of teachers) and leaves
// the answer here, by the URL's path and query; the API client takes it
// instead of asking again.

/** BootFetch is a request boot.js made: its token and language, and the answer. */
type BootFetch = { authorization: string; lang: string; response: Promise<Response> };

declare global {
  interface Window {
    zabanoBootFetches?: Record<string, BootFetch>;
  }
}

/** claimBootFetch is the answer boot.js already asked for request (a GET of
 * the same URL, token and language), once; undefined when there is none. */
export function claimBootFetch(request: Request): Promise<Response> | undefined {
  const fetches = typeof window === 'undefined' ? undefined : window.zabanoBootFetches;
  if (!fetches || request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return undefined;
  const key = url.pathname + url.search;
  const f = fetches[key];
  if (!f || f.authorization !== request.headers.get('Authorization') || f.lang !== request.headers.get('Accept-Language')) {
    return undefined;
  }
  delete fetches[key];
  return f.response;
}

/** dropBootFetches forgets the answers nobody took: they were asked for the
 * page as it loaded, and would be stale on a screen shown later. */
export function dropBootFetches(): void {
  if (typeof window !== 'undefined') delete window.zabanoBootFetches;
}
