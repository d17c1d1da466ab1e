import { test, expect, type APIRequestContext } from '@playwright/test';
import { expectAccessible, registerViaApi, signInViaApi } from './helpers';

// The other journeys run without the service worker (playwright.config.ts);
// these are about it.
test.use({ serviceWorkers: 'allow' });

/** pngSize reads the width and height of a PNG from its header. */
function pngSize(b: Buffer): string {
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;
}

async function fetchIcon(request: APIRequestContext, src: string): Promise<string> {
  const res = await request.get(src);
  expect(res.status(), src).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  return pngSize(await res.body());
}

test('the app can be installed: a linked, valid manifest whose icons load', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({ lang: 'fa', dir: 'rtl', display: 'standalone', start_url: '/', scope: '/' });
  expect(manifest.name).toContain('زبانو');
  expect(manifest.name).toContain('Zabano');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

  // Each icon is the PNG of the size it claims; one of 192, one of 512 and
  // a maskable one, as installing asks.
  const icons: string[] = [];
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png');
    expect(await fetchIcon(request, icon.src)).toBe(icon.sizes);
    icons.push(`${icon.sizes} ${icon.purpose}`);
  }
  expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  // Chromium reads the manifest as the browser does, and finds nothing wrong.
  const cdp = await page.context().newCDPSession(page);
  const { errors, data } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  expect(data).toContain('standalone');
});

test('the service worker keeps the shell, never the API, and shows the offline page when the server cannot be reached', async ({
  page,
  context,
  request,
}) => {
  const student = await registerViaApi(request, 'student');
  await signInViaApi(context, request, student);
  await page.goto('/student/find-teacher');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') await new Promise((r) => worker.addEventListener('statechange', r));
  });

  // A second visit: the page is controlled, its files come from the cache.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names[0]!);
    return { names, controlled: navigator.serviceWorker.controller !== null, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
  });
  expect(kept.names).toHaveLength(1);
  expect(kept.controlled).toBe(true);
  expect(kept.urls).toEqual(expect.arrayContaining(['/offline.html', '/manifest.webmanifest', '/icons/icon-192.png']));
  // The strings of both languages are part of the shell.
  expect(kept.urls.filter((u) => /^\/assets\/(fa|en)-.*\.js$/.test(u)).length).toBeGreaterThanOrEqual(4);
  expect(kept.urls.filter((u) => u.startsWith('/api/') || u.startsWith('/media/'))).toEqual([]);

  await context.setOffline(true);
  await page.goto('/student/dashboard');
  await expect(page.getByRole('heading', { name: 'اتصال برقرار نیست' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.locator('section[lang="en"]')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page, 'the offline page');

  // Back online, "try again" opens the page that failed.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden();
});
