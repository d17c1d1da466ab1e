import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** App is the whole single-page application. */
export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
