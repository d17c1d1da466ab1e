import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { claimBootFetch } from './boot-fetch';
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
export function withSession(request: Request, accept = 'application/json'): Request {
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

/** checkSession tells the session when a call made with its token answers
 * 401. A call made with another token says nothing about the session: one
 * sent before a password change replaced the token (the change revokes the
 * old one), or a sign-in's check of a token not stored yet. */
export function checkSession(request: Request, response: Response): Response {
  const token = hooks.getToken();
  if (response.status === 401 && token && request.headers.get('Authorization') === `Bearer ${token}`) {
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
export const origin = typeof location !== 'undefined' ? location.origin : 'http://localhost';

/** api is the one typed client for the server; its paths come from docs/openapi.yaml. */
export const api = createClient<paths>({
  baseUrl: origin,
  // Look fetch up at call time, so wrappers installed later (tests' network
  // mocks) apply; an answer src/boot.js already asked for is not asked again.
  fetch: (req) => claimBootFetch(req) ?? globalThis.fetch(req),
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
