import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { api, configureApi, request } from './client';
import { ApiError, NetworkError } from './errors';

describe('ApiError', () => {
  it('uses detail in "HTTP error {status}: {message}"', () => {
    const e = new ApiError(401, { detail: 'Login failed. Please check your credentials.' });
    expect(e.message).toBe('HTTP error 401: Login failed. Please check your credentials.');
    expect(e.detail).toBe('Login failed. Please check your credentials.');
  });

  it('falls back to the status text without detail', () => {
    expect(new ApiError(502, null, 'Bad Gateway').message).toBe('HTTP error 502: Bad Gateway');
    expect(new ApiError(500, 'boom').message).toBe('HTTP error 500: boom');
    expect(new ApiError(500, {}).detail).toBeNull();
  });

  it('collects field errors and retry_after', () => {
    const e = new ApiError(400, { detail: 'A. B.', username: ['A.'], phone: ['B.'], retry_after: 30 });
    expect(e.fields).toEqual({ username: ['A.'], phone: ['B.'] });
    expect(e.retryAfter).toBe(30);
    expect(new ApiError(429, { detail: 'x' }, '', '12').retryAfter).toBe(12);
  });
});

describe('request', () => {
  afterEach(() => configureApi({ getToken: () => null, onUnauthorized: () => {} }));

  it('returns data on success and sends the language, the token and no-cache on reads', async () => {
    let seen: Headers | undefined;
    server.use(
      http.get('*/api/profile/', ({ request: r }) => {
        seen = r.headers;
        return HttpResponse.json({ id: 1, role: 'student', username: 'u' });
      }),
    );
    configureApi({ getToken: () => 'tok', getLang: () => 'en' });
    const data = await request(api.GET('/api/profile/'));
    expect(data).toMatchObject({ username: 'u' });
    expect(seen?.get('authorization')).toBe('Bearer tok');
    expect(seen?.get('accept-language')).toBe('en');
    expect(seen?.get('cache-control')).toBe('no-cache');
    expect(seen?.get('pragma')).toBe('no-cache');
  });

  it('does not mark writes no-cache', async () => {
    let seen: Headers | undefined;
    server.use(
      http.post('*/api/phone-verify/', ({ request: r }) => {
        seen = r.headers;
        return HttpResponse.json({ detail: 'ok', expires_in: 600 });
      }),
    );
    await request(api.POST('/api/phone-verify/', { body: { phone: '09121234567' } }));
    expect(seen?.get('cache-control')).toBeNull();
    expect(seen?.get('authorization')).toBeNull();
  });

  it('raises ApiError with the server detail and fields', async () => {
    server.use(
      http.post('*/api/register/', () =>
        HttpResponse.json(
          { detail: 'A user with that username already exists.', username: ['A user with that username already exists.'] },
          { status: 400 },
        ),
      ),
    );
    const err = await request(
      api.POST('/api/register/', {
        body: { username: 'a', password: 'secret1', role: 'student', phone: '0912', code: '123456' },
      }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('HTTP error 400: A user with that username already exists.');
    expect((err as ApiError).fields.username).toEqual(['A user with that username already exists.']);
  });

  it('reads Retry-After on 429', async () => {
    server.use(
      http.post('*/api/phone-verify/', () =>
        HttpResponse.json({ detail: 'Too many codes.', retry_after: 420 }, { status: 429, headers: { 'Retry-After': '420' } }),
      ),
    );
    const err = (await request(api.POST('/api/phone-verify/', { body: { phone: '0912' } })).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(429);
    expect(err.retryAfter).toBe(420);
  });

  it('calls onUnauthorized on a 401 of an authenticated call only', async () => {
    const onUnauthorized = vi.fn();
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })),
      http.post('*/api/token/', () => HttpResponse.json({ detail: 'Login failed.' }, { status: 401 })),
    );
    configureApi({ getToken: () => null, onUnauthorized });
    await request(api.POST('/api/token/', { body: { username: 'a', password: 'b' } })).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    configureApi({ getToken: () => 'tok', onUnauthorized });
    await request(api.GET('/api/profile/')).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('keeps the session on a 401 of a call made with a token it has since replaced', async () => {
    // A password change revokes the old token and hands the session a new one
    // while calls made with the old one may still be under way.
    const onUnauthorized = vi.fn();
    let token = 'old';
    server.use(
      http.get('*/api/profile/', () => {
        token = 'new';
        return HttpResponse.json({ detail: 'revoked' }, { status: 401 });
      }),
    );
    configureApi({ getToken: () => token, onUnauthorized });
    await request(api.GET('/api/profile/')).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await request(api.GET('/api/profile/')).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('raises NetworkError when the server cannot be reached', async () => {
    server.use(http.get('*/api/profile/', () => HttpResponse.error()));
    await expect(request(api.GET('/api/profile/'))).rejects.toBeInstanceOf(NetworkError);
  });
});
