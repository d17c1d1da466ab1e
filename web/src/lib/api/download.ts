// Files the server sends to a signed-in user (their data's archive): a plain
// link could not carry the session's token.
import { ApiError, NetworkError } from './errors';
import { checkSession, origin, withSession } from './client';

/** download fetches a file with the session's token (a plain link could not
 * carry it) and hands it to the browser to save, under the name the server
 * gives in Content-Disposition, else fallbackName. */
export async function download(path: string, fallbackName: string): Promise<void> {
  const req = withSession(new Request(new URL(path, origin)), '*/*');
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
