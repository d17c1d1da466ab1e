import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { makeToken, makeUser } from '@/testing/test-utils';
import {
  REMEMBER_COOKIE,
  TOKEN_COOKIE,
  USER_COOKIE,
  isTokenUsable,
  readSession,
  tokenExpiry,
  writeSession,
} from './session';
import { displayName, homePath } from './user';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const sec = (ms: number) => Math.floor(ms / 1000);

describe('token expiry', () => {
  it('reads exp from the JWT payload', () => {
    expect(tokenExpiry(makeToken({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
    expect(tokenExpiry('garbage')).toBeNull();
    expect(tokenExpiry(makeToken({ exp: 'soon' as unknown as number }))).toBeNull();
  });

  it('accepts only a token whose exp is in the future', () => {
    expect(isTokenUsable(makeToken({ exp: sec(now) + 60 }), now)).toBe(true);
    expect(isTokenUsable(makeToken({ exp: sec(now) - 1 }), now)).toBe(false);
    expect(isTokenUsable(makeToken({ exp: sec(now) }), now)).toBe(false);
    expect(isTokenUsable('', now)).toBe(false);
    expect(isTokenUsable('not.a.jwt', now)).toBe(false);
  });
});

describe('stored session', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips token and user', () => {
    const token = makeToken({ exp: sec(now) + 3600 });
    writeSession(token, makeUser(), true);
    expect(readSession(now)).toEqual({ token, user: makeUser(), remember: true });
  });

  it('clears an expired session', () => {
    writeSession(makeToken({ exp: sec(now) - 10 }), makeUser(), true);
    expect(readSession(now)).toBeNull();
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(Cookies.get(USER_COOKIE)).toBeUndefined();
  });

  it('clears a corrupted user cookie but keeps a good token', () => {
    const token = makeToken({ exp: sec(now) + 3600 });
    writeSession(token, makeUser(), true);
    Cookies.set(USER_COOKIE, '{not json');
    expect(readSession(now)).toEqual({ token, user: null, remember: true });
    expect(Cookies.get(USER_COOKIE)).toBeUndefined();

    Cookies.set(USER_COOKIE, JSON.stringify({ hello: 'world' }));
    expect(readSession(now)?.user).toBeNull();
    expect(Cookies.get(USER_COOKIE)).toBeUndefined();
  });

  it('writes 7-day SameSite=Lax cookies, or session cookies without keep-me-signed-in', () => {
    const set = vi.spyOn(Cookies, 'set');
    const token = makeToken({ exp: sec(now) + 3600 });
    writeSession(token, makeUser(), true);
    expect(set).toHaveBeenCalledWith(TOKEN_COOKIE, token, expect.objectContaining({ expires: 7, sameSite: 'lax', path: '/', secure: false }));
    set.mockClear();
    writeSession(token, makeUser(), false);
    const attrs = set.mock.calls.find((c) => c[0] === TOKEN_COOKIE)?.[2];
    expect(attrs).toMatchObject({ sameSite: 'lax' });
    expect(attrs).not.toHaveProperty('expires');
    expect(Cookies.get(REMEMBER_COOKIE)).toBe('0');
    expect(readSession(now)?.remember).toBe(false);
  });
});

describe('user helpers', () => {
  it('names the user by first and last name, else username', () => {
    expect(displayName(makeUser({ first_name: 'Sara', last_name: 'Ahmadi' }))).toBe('Sara Ahmadi');
    expect(displayName(makeUser({ first_name: ' ', last_name: '' }))).toBe('sara');
    expect(displayName(makeUser({ username: '' }))).toBeNull();
    expect(displayName(null)).toBeNull();
  });

  it('sends teachers to their classes and everyone else to the dashboard', () => {
    expect(homePath('teacher')).toBe('/teacher/booked-slots');
    expect(homePath('student')).toBe('/student/dashboard');
    expect(homePath(undefined)).toBe('/student/dashboard');
  });
});
