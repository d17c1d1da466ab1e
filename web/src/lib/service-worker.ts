/** registerServiceWorker installs the app's service worker (/sw.js, built
 * from src/sw.js) once the page has loaded, so that it never competes with
 * the first page's own requests. Not under `vite dev`, which has no worker. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    // A browser that refuses (private modes, storage off) runs the app without it.
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}
