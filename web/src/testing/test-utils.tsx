import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { routes as appRoutes } from '@/app/routes';
import { writeSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/user';

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** renderApp renders the real route table at path through the real providers. */
export function renderApp(path: string, opts: { routes?: RouteObject[]; state?: unknown } = {}) {
  const router = createMemoryRouter(opts.routes ?? appRoutes, {
    initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state: opts.state }],
  });
  const user = userEvent.setup();
  const queryClient = testQueryClient();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, user, queryClient };
}

/** renderWithRouter renders element at path inside the providers, with extra routes to land on. */
export function renderWithRouter(element: ReactElement, path = '/', extra: RouteObject[] = [], state?: unknown) {
  return renderApp(path, {
    routes: [{ path: path.split('?')[0], element }, ...extra, { path: '*', element: <p>elsewhere</p> }],
    state,
  });
}

/** makeToken builds an unsigned JWT-shaped token expiring at exp (unix seconds). */
export function makeToken(payload: { sub?: string; role?: string; exp: number }): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', role: 'student', ...payload })}.signature`;
}

export const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

export function makeUser(over: Partial<User> = {}): User {
  return {
    id: 1,
    role: 'student',
    username: 'sara',
    email: 'sara@example.com',
    email_verified: false,
    phone: '09121234567',
    first_name: '',
    last_name: '',
    name: 'sara',
    photo: null,
    profile_photo_url: null,
    wallet: 0,
    ...over,
  };
}

/** signIn stores a session as a login would. */
export function signIn(user: User = makeUser()): string {
  const token = makeToken({ role: user.role, exp: inOneHour() });
  writeSession(token, user, true);
  return token;
}
