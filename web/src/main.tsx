import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/vazirmatn/wght.css';
import './styles.css';
import { i18nReady } from '@/lib/i18n';
import { initTheme } from '@/lib/theme';
import { registerServiceWorker } from '@/lib/service-worker';
import { App, routerReady } from '@/app/app';

initTheme();
registerServiceWorker();

// Render once the interface language is loaded, so no raw key ever shows,
// and the router has the first screen (app.tsx says why).
// The first render is a transition: React yields to the browser between
// parts of it instead of holding the main thread until the page is built.
const root = createRoot(document.getElementById('root')!);
void Promise.allSettled([i18nReady, routerReady]).then(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
