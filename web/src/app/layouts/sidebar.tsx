import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Role } from '@/lib/auth/user';
import { Logo } from '@/components/ui/logo';
import { useAfterFirstReads } from '@/lib/use-after-first-reads';
import { isActive, navItems } from './nav';

// The unread count and the progress card, their code and their reads, come
// after the screen's (useAfterFirstReads).
const UnreadBadge = lazy(() => import('@/features/messages/components/unread-badge').then((m) => ({ default: m.UnreadBadge })));
const ProgressCard = lazy(() => import('@/features/progress/components/progress-card').then((m) => ({ default: m.ProgressCard })));

type SidebarProps = {
  role: Role;
  onLogout: () => void;
  /** Called after a link is followed (closes the drawer). */
  onNavigate?: () => void;
};

/** SidebarContent is the menu of the user's role, the student's progress card and logout. */
export function SidebarContent({ role, onLogout, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const live = useAfterFirstReads();
  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto p-4">
      <Link to={navItems[role][0]!.to} onClick={onNavigate} className="self-start rounded-lg px-2 py-1">
        <Logo />
      </Link>
      <nav aria-label={t('nav.main')}>
        <ul className="space-y-1">
          {navItems[role].map((item) => {
            const active = isActive(item.to, pathname);
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    active ? 'bg-primary text-on-primary' : 'text-fg hover:bg-surface-2',
                  )}
                >
                  <Icon className="size-5 shrink-0" aria-hidden />
                  {t(item.label)}
                  {live && item.label === 'nav.messages' && (
                    <Suspense>
                      <UnreadBadge inverted={active} className="ms-auto" />
                    </Suspense>
                  )}
                </Link>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              onClick={onLogout}
              className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-start text-sm font-medium text-danger transition-colors hover:bg-danger-bg"
            >
              <LogOut className="size-5 shrink-0 rtl:-scale-x-100" aria-hidden />
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </nav>
      {live && role === 'student' && (
        <div className="mt-auto">
          <Suspense>
            <ProgressCard />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** Sidebar is fixed on the start edge (right in RTL) at 1024 px and wider; below, the drawer shows the same content. */
export function Sidebar(props: SidebarProps) {
  return (
    <aside className="fixed inset-y-0 start-0 z-30 hidden w-64 border-e border-line bg-surface lg:block">
      <SidebarContent {...props} />
    </aside>
  );
}
