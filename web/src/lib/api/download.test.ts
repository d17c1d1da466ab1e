import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { configureApi } from './client';
import { download } from './download';

describe('download', () => {
  afterEach(() => {
    configureApi({ getToken: () => null, onUnauthorized: () => {} });
    vi.restoreAllMocks();
  });

  it('raises the server’s refusal, and tells the session of a 401', async () => {
    const unauthorized = vi.fn();
    configureApi({ getToken: () => 'tok', onUnauthorized: unauthorized });
    server.use(
      http.get('*/api/account/export/', () => HttpResponse.json({ detail: 'Three archives an hour; try again later.' }, { status: 429 })),
      http.get('*/api/files/x/', () => HttpResponse.json({ detail: 'Your account is suspended: spam' }, { status: 401 })),
    );
    await expect(download('/api/account/export/', 'a.zip')).rejects.toThrow('HTTP error 429: Three archives an hour; try again later.');
    await expect(download('/api/files/x/', 'x')).rejects.toThrow('HTTP error 401');
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('saves under the fallback name when the server gives none', async () => {
    server.use(http.get('*/api/account/export/', () => new HttpResponse(new Uint8Array([1, 2]))));
    URL.createObjectURL = vi.fn(() => 'blob:x') as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await download('/api/account/export/', 'zabano-sara.zip');
    expect(names).toEqual(['zabano-sara.zip']);
  });
});
