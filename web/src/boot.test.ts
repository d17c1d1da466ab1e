import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import bootSource from './boot.js?raw';
import { claimBootFetch, dropBootFetches } from '@/lib/api/boot-fetch';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import { makeTeacher } from '@/testing/fixtures';

const student = makeUser({ id: 1, role: 'student' });
const noPreload = { routes: {}, strings: { fa: { core: [], all: [] }, en: { core: [], all: [] } }, core: [] };

/** boot runs src/boot.js as the page does, at path. */
function boot(path: string) {
  window.history.replaceState(null, '', path);
  new Function('__PRELOAD__', bootSource)(noPreload);
}

afterEach(() => {
  vi.useRealTimers();
  dropBootFetches();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('boot.js', () => {
  it("asks for the find-teacher screen's first page, which the screen takes instead of asking again", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(student)),
      http.get('*/api/student/progress/', () => HttpResponse.json({})),
      http.get('*/api/teachers/list/', ({ request }) => {
        asked.push(`${new URL(request.url).search} ${request.headers.get('Authorization')}`);
        return HttpResponse.json({ results: [makeTeacher(1, { name: 'Reza Early' })], count: 1, count_exact: true, page: 1, page_size: 12 });
      }),
    );
    // Node's fetch wants whole URLs; the page's takes boot.js's relative one.
    const nodeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      nodeFetch(typeof input === 'string' ? new URL(input, location.origin) : input, init),
    );
    localStorage.setItem('zabano.tz', 'Asia/Tehran');
    const token = signIn(student);
    boot('/student/find-teacher');
    expect(asked).toEqual([]);
    await vi.waitFor(() => expect(asked).toHaveLength(1));

    renderApp('/student/find-teacher');
    expect(await screen.findByText('Reza Early', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(asked).toEqual([`?sort=rating&page=1&page_size=12&tz=Asia%2FTehran Bearer ${token}`]);
    expect(window.zabanoBootFetches).toEqual({});
  });

  it('asks nothing for a search in the URL, another screen or a visitor', () => {
    vi.useFakeTimers();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    boot('/student/find-teacher');
    signIn(student);
    boot('/student/find-teacher?q=ali');
    boot('/student/dashboard');
    // It asks in a task of its own, after the preloads.
    vi.runAllTimers();
    expect(fetch).not.toHaveBeenCalled();
    expect(window.zabanoBootFetches).toBeUndefined();
  });
});

describe('claimBootFetch', () => {
  const answer = Promise.resolve(new Response('{}'));
  const request = (headers: Record<string, string>, url = '/api/teachers/list/?page=1') =>
    new Request(new URL(url, location.origin), { headers });

  it('gives an answer once, for the same URL, token and language', () => {
    window.zabanoBootFetches = { '/api/teachers/list/?page=1': { authorization: 'Bearer a', lang: 'fa', response: answer } };
    expect(claimBootFetch(request({ Authorization: 'Bearer b', 'Accept-Language': 'fa' }))).toBeUndefined();
    expect(claimBootFetch(request({ Authorization: 'Bearer a', 'Accept-Language': 'en' }))).toBeUndefined();
    expect(claimBootFetch(request({ Authorization: 'Bearer a', 'Accept-Language': 'fa' }, '/api/teachers/list/?page=2'))).toBeUndefined();
    expect(claimBootFetch(request({ Authorization: 'Bearer a', 'Accept-Language': 'fa' }))).toBe(answer);
    expect(claimBootFetch(request({ Authorization: 'Bearer a', 'Accept-Language': 'fa' }))).toBeUndefined();
  });
});
