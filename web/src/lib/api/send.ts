// Calls of routes the typed client cannot name yet (issue 14's: the operator's
// console and each user's own data), kept out of client.ts so that the first
// page does not carry them.
import { ApiError, NetworkError } from './errors';
import { checkSession, origin, request, withSession, type Result } from './client';

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
