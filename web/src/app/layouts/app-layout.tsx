import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/auth-provider';
import type { Role } from '@/lib/auth/user';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { Drawer } from './drawer';

// At and above this width the sidebar is fixed; below it is a drawer.
const WIDE = '(min-width: 1024px)';

/** AppLayout is the frame of the signed-in areas: sidebar, header and content. */
export function AppLayout({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Close the drawer on navigation and when the window grows past the breakpoint.
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    const mq = window.matchMedia?.(WIDE);
    if (!mq) return;
    const onChange = () => mq.matches && setDrawerOpen(false);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

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
      <Sidebar role={role} onLogout={onLogout} />
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} role={role} onLogout={onLogout} returnFocusRef={menuButton} />
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
