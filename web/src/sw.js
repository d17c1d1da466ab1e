// The service worker, built into dist/sw.js by vite.config.ts, which fills
// in PRECACHE (the app's shell: the main script and what it imports, the
// styles, the sign-in and landing screens, the strings of both languages,
// the offline page and the icons) and VERSION (a hash of them all).
//
// - Pages go to the network (navigation preload spares the worker's start);
//   when it cannot be reached, the offline page answers, in both languages.
// - The shell and every hashed file (/assets/, named by their content) are
//   answered from the cache once kept, so a second visit loads only the page.
// - Anything else, the API (/api/) and uploaded files (/media/) above all,
//   is left to the network as if there were no worker: never cached here.
const VERSION = __VERSION__;
const PRECACHE = __PRECACHE__;
const CACHE = 'zabano-' + VERSION;
const OFFLINE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Another version's files are not this one's.
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(kept(request, url));
  }
});

/** page is the network's answer to a navigation, or the offline page. */
async function page(event) {
  try {
    return (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE, { cacheName: CACHE })) || Response.error();
  }
}

/** kept answers a file of the shell or a hashed file from the cache, and
 * keeps a hashed file the network gave: its name changes with its content. */
async function kept(request, url) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && url.pathname.startsWith('/assets/')) await cache.put(request, response.clone());
  return response;
}
