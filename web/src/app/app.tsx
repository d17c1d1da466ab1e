import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter } from 'react-router';
import { dropBootFetches } from '@/lib/api/boot-fetch';
import { AppProvider } from './provider';
import { routes } from './routes';

const router = createBrowserRouter(routes);
// What boot.js asked for belongs to the first screen: any navigation (a
// redirect included) leaves it behind.
const firstKey = router.state.location.key;
router.subscribe((state) => {
  if (state.location.key !== firstKey) dropBootFetches();
});

/** routerReady settles once the router has loaded the first screen's route
 * modules and run its loader. RouterProvider reads the router's state when
 * it renders and subscribes only when that render commits: a first render
 * that yields (main.tsx) could miss the router becoming ready in between and
 * show the loading fallback for good, so the app renders after it. */
export const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});

/** App is the whole single-page application. */
export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
