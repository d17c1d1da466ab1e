import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';
import { isUser, type User } from './user';

// The session lives in cookies (spec section 9): the access token and the
// user's profile as JSON. With keep-me-signed-in they last 7 days, otherwise
// they are session cookies that end with the browser.
export const TOKEN_COOKIE = 'zabano_token';
export const USER_COOKIE = 'zabano_user';
export const REMEMBER_COOKIE = 'zabano_remember';
export const SESSION_DAYS = 7;

export type Session = { token: string; user: User | null; remember: boolean };

function attributes(remember: boolean): Cookies.CookieAttributes {
  const domain = import.meta.env.VITE_COOKIE_DOMAIN as string | undefined;
  return {
    path: '/',
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
    ...(remember ? { expires: SESSION_DAYS } : {}),
    ...(domain ? { domain } : {}),
  };
}

/** tokenExpiry returns the exp claim of a JWT in milliseconds, or null when
 * the token cannot be read or has no expiry. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = jwtDecode<{ exp?: unknown }>(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** isTokenUsable reports whether token's expiry is in the future. */
export function isTokenUsable(token: string | undefined | null, now = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp > now;
}

/** readSession returns the stored session if its token is unexpired. An
 * expired token clears the session; a corrupted user cookie is removed. */
export function readSession(now = Date.now()): Session | null {
  const token = Cookies.get(TOKEN_COOKIE);
  if (!token) {
    Cookies.remove(USER_COOKIE, attributes(false));
    return null;
  }
  if (!isTokenUsable(token, now)) {
    clearSession();
    return null;
  }
  const remember = Cookies.get(REMEMBER_COOKIE) !== '0';
  let user: User | null = null;
  const raw = Cookies.get(USER_COOKIE);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isUser(parsed)) user = parsed;
      else throw new Error('not a user');
    } catch {
      Cookies.remove(USER_COOKIE, attributes(false));
    }
  }
  return { token, user, remember };
}

/** writeSession stores token and user for 7 days, or for the browser session when remember is false. */
export function writeSession(token: string, user: User, remember: boolean): void {
  const attrs = attributes(remember);
  Cookies.set(TOKEN_COOKIE, token, attrs);
  Cookies.set(USER_COOKIE, JSON.stringify(user), attrs);
  Cookies.set(REMEMBER_COOKIE, remember ? '1' : '0', attrs);
}

/** writeUser replaces the stored user data, keeping the session's lifetime. */
export function writeUser(user: User): void {
  const remember = Cookies.get(REMEMBER_COOKIE) !== '0';
  Cookies.set(USER_COOKIE, JSON.stringify(user), attributes(remember));
}

/** clearSession removes every session cookie. */
export function clearSession(): void {
  const attrs = attributes(false);
  Cookies.remove(TOKEN_COOKIE, attrs);
  Cookies.remove(USER_COOKIE, attrs);
  Cookies.remove(REMEMBER_COOKIE, attrs);
}
