import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { ApiError, NetworkError } from './errors';

export { ApiError, NetworkError } from './errors';

type ClientHooks = {
  /** The bearer token of the session, or null. */
  getToken: () => string | null;
  /** The current interface language, sent as Accept-Language. */
  getLang: () => string;
  /** Called when an authenticated call answers 401: the token expired or was revoked. */
  onUnauthorized: () => void;
};

let hooks: ClientHooks = {
  getToken: () => null,
  getLang: () => document.documentElement.lang || 'fa',
  onUnauthorized: () => {},
};

/** configureApi connects the client to the session and the language. */
export function configureApi(h: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...h };
}

/** withSession gives a request the language, the session's token and, for a
 * read, no-cache. */
function withSession(request: Request, accept = 'application/json'): Request {
  request.headers.set('Accept-Language', hooks.getLang());
  request.headers.set('Accept', accept);
  const token = hooks.getToken();
  if (token && !request.headers.has('Authorization')) {
    request.headers.set('Authorization', `Bearer ${token}`);
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    // Reads always come from the server, never from an HTTP cache.
    request.headers.set('Cache-Control', 'no-cache');
    request.headers.set('Pragma', 'no-cache');
  }
  return request;
}

/** checkSession tells the session when an authenticated call answers 401. */
function checkSession(request: Request, response: Response): Response {
  if (response.status === 401 && request.headers.has('Authorization')) {
    hooks.onUnauthorized();
  }
  return response;
}

const sessionMiddleware: Middleware = {
  onRequest: ({ request }) => withSession(request),
  onResponse: ({ request, response }) => checkSession(request, response),
};

// Same origin as the page: the Go binary serves both the app and /api.
// An absolute base keeps Request() happy outside a browser (tests).
const origin = typeof location !== 'undefined' ? location.origin : 'http://localhost';

/** api is the one typed client for the server; its paths come from docs/openapi.yaml. */
export const api = createClient<paths>({
  baseUrl: origin,
  // Look fetch up at call time, so wrappers installed later (tests' network mocks) apply.
  fetch: (req) => globalThis.fetch(req),
});
api.use(sessionMiddleware);

type Result<D> = { data?: D; error?: unknown; response: Response };

/** request awaits an openapi-fetch call and returns its data, or raises
 * ApiError ("HTTP error {status}: {message}") or NetworkError. */
export async function request<D>(call: Promise<Result<D>>): Promise<D> {
  let r: Result<D>;
  try {
    r = await call;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }
  if (!r.response.ok || r.error !== undefined) {
    throw new ApiError(
      r.response.status,
      r.error,
      r.response.statusText,
      r.response.headers.get('Retry-After'),
    );
  }
  return r.data as D;
}

type Query = Record<string, string | number | undefined>;

function urlOf(path: string, query?: Query): string {
  const url = new URL(path, origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  }
  return url.toString();
}

/** send calls a route of issue 14 (the operator's console and each user's
 * own data) that docs/openapi.yaml does not describe yet, so the typed client
 * cannot name it: the server's side is built in parallel. It behaves as
 * request(api.X(...)) does: the session's headers, 401 handling, ApiError and
 * NetworkError; T is the answer the contract (docs/decisions.md) promises. */
export function send<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { body?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<T> {
  const req = withSession(
    new Request(urlOf(path, opts.query), {
      method,
      signal: opts.signal,
      headers: opts.body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
  );
  const call = globalThis.fetch(req).then(async (response): Promise<Result<T>> => {
    checkSession(req, response);
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return response.ok ? { data: parsed as T, response } : { error: parsed ?? {}, response };
  });
  return request(call);
}

/** download fetches a file with the session's token (a plain link could not
 * carry it) and hands it to the browser to save, under the name the server
 * gives in Content-Disposition, else fallbackName. */
export async function download(path: string, fallbackName: string): Promise<void> {
  const req = withSession(new Request(urlOf(path)), '*/*');
  let response: Response;
  try {
    response = await globalThis.fetch(req);
  } catch (err) {
    throw new NetworkError(err);
  }
  checkSession(req, response);
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON: the status text says enough.
    }
    throw new ApiError(response.status, body, response.statusText);
  }
  const blob = await response.blob();
  const name = /filename="?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file over; the address can go after this turn.
  window.setTimeout(() => URL.revokeObjectURL(href), 0);
}
