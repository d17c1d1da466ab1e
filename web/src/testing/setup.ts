import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n, { i18nReady } from '@/lib/i18n';
import { server } from './server';

// Screens load lazily; a busy CI machine needs more than the default second.
configure({ asyncUtilTimeout: 15_000 });

await i18nReady;
await i18n.loadLanguages(['fa', 'en']);

export function clearCookies(): void {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  clearCookies();
  await i18n.changeLanguage('fa');
});
afterAll(() => server.close());
