import { useEffect } from 'react';
import { Navigate, Outlet, useMatches, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/auth-provider';
import { homePath } from '@/lib/auth/user';
import { ensureAllStrings, needsAllStrings } from '@/lib/i18n';
import { PageSpinner } from '@/components/ui/spinner';
import type { RouteHandle } from './route-handle';

/** useDocumentTitle sets "<page name> - زبانو" (fa) or "<page name> - Zabano" (en)
 * from the deepest route that names its page. */
function useDocumentTitle() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const key = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = key ? t('app.pageTitle', { page: t(key) }) : t('app.name');
  }, [key, t, i18n.language]);
}

/** rootLoader runs before every navigation: a screen beyond sign-in gets all
 * its strings before it renders (the sign-in screens need only the core). */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  if (needsAllStrings(new URL(request.url).pathname)) await ensureAllStrings();
  return null;
}

/** The root loader is cheap and must see every navigation. */
export const rootShouldRevalidate = () => true;

/** RootShell is the top route: it keeps the page title in step. */
export function RootShell() {
  useDocumentTitle();
  return <Outlet />;
}

/** RootRedirect sends / to the user's home, or to /login. */
export function RootRedirect() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated' && user) return <Navigate to={homePath(user.role)} replace />;
  return <Navigate to="/login" replace />;
}

/** GuestOnly wraps the sign-in screens: a signed-in user goes home instead. */
export function GuestOnly() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated' && user) return <Navigate to={homePath(user.role)} replace />;
  return <Outlet />;
}
