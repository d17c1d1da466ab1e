import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { configureApi } from './client';
import { ApiError } from './errors';
import { send } from './send';

describe('send', () => {
  afterEach(() => configureApi({ getToken: () => null, onUnauthorized: () => {} }));

  it('sends JSON with the session, leaves out empty query values, and returns the answer', async () => {
    let seen: Request | undefined;
    server.use(
      http.post('*/api/admin/users/5/suspend/', async ({ request }) => {
        seen = request.clone();
        return HttpResponse.json({ id: 5 });
      }),
      http.get('*/api/admin/users/', ({ request }) => HttpResponse.json([new URL(request.url).search])),
    );
    configureApi({ getToken: () => 'tok', getLang: () => 'fa' });
    expect(await send('POST', '/api/admin/users/5/suspend/', { body: { reason: 'spam' } })).toEqual({ id: 5 });
    expect(seen?.headers.get('authorization')).toBe('Bearer tok');
    expect(seen?.headers.get('accept-language')).toBe('fa');
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(await seen?.json()).toEqual({ reason: 'spam' });
    expect(await send('GET', '/api/admin/users/', { query: { q: 'سارا', role: '', before: undefined } })).toEqual(['?q=%D8%B3%D8%A7%D8%B1%D8%A7']);
  });

  it('raises the server’s refusal with its fields, and tells the session of a 401', async () => {
    const unauthorized = vi.fn();
    configureApi({ getToken: () => 'tok', onUnauthorized: unauthorized });
    server.use(
      http.post('*/api/admin/adjustments/', () => HttpResponse.json({ reason: ['Reason is required.'] }, { status: 400 })),
      http.get('*/api/admin/overview/', () => HttpResponse.json({ detail: 'Your account is suspended: spam' }, { status: 401 })),
    );
    const err = await send('POST', '/api/admin/adjustments/', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fields).toEqual({ reason: ['Reason is required.'] });
    await expect(send('GET', '/api/admin/overview/')).rejects.toThrow('HTTP error 401: Your account is suspended: spam');
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('takes an empty answer', async () => {
    server.use(http.post('*/api/account/delete/', () => new HttpResponse(null, { status: 204 })));
    await expect(send('POST', '/api/account/delete/', { body: { password: 'x' } })).resolves.toBeUndefined();
  });
});
