import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/auth-provider';
import type { Role } from '@/lib/auth/user';
import { useAfterFirstReads } from '@/lib/use-after-first-reads';
import { Header } from './header';
import { Sidebar } from './sidebar';

// The drawer (and its dialog code) is a phone's: it loads after the screen's
// first reads, or at the first press of the menu button if that comes sooner.
const Drawer = lazy(() => import('./drawer').then((m) => ({ default: m.Drawer })));

// At and above this width the sidebar is fixed; below it is a drawer.
const WIDE = '(min-width: 1024px)';

function subscribeWide(onChange: () => void) {
  const mq = window.matchMedia?.(WIDE);
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

/** useWide reports whether the window is at least 1024 px wide (wide where it
 * cannot tell, as in tests). */
function useWide(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia?.(WIDE).matches ?? true);
}

/** AppLayout is the frame of the signed-in areas: sidebar, header and content. */
export function AppLayout({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const wide = useWide();
  const live = useAfterFirstReads();

  // Close the drawer on navigation and when the window grows past the breakpoint.
  useEffect(() => setDrawerOpen(false), [pathname, wide]);

  const onLogout = () => {
    logout();
    navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-dvh bg-bg">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-on-primary"
      >
        {t('common.skipToContent')}
      </a>
      {/* A phone has the drawer only: the sidebar is not built where it would be hidden. */}
      {wide && <Sidebar role={role} onLogout={onLogout} />}
      {!wide && (live || drawerOpen) && (
        <Suspense>
          <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} role={role} onLogout={onLogout} returnFocusRef={menuButton} />
        </Suspense>
      )}
      <div className="lg:ps-64">
        <Header
          role={role}
          user={user}
          menuButtonRef={menuButton}
          onMenu={() => setDrawerOpen(true)}
          menuOpen={drawerOpen}
          onLogout={onLogout}
        />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl p-4 focus:outline-none sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
