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

/** App is the whole single-page application. */
export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
