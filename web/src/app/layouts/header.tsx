import { lazy, Suspense, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu as MenuIcon, ShoppingBag } from 'lucide-react';
import { IconButton } from '@/components/ui/button';
import { LanguageToggle, ThemeToggle } from '@/components/ui/preference-toggles';
import { Logo } from '@/components/ui/logo';
import type { Role, User } from '@/lib/auth/user';
import { useAfterFirstReads } from '@/lib/use-after-first-reads';
import { UserMenu } from './user-menu';

// The bell's code and its reads come after the screen's (useAfterFirstReads).
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** STORE_URL is the external shop of the main site. */
export const STORE_URL = 'https://zabano.ir/shop';

type HeaderProps = {
  role: Role;
  user: User | null;
  menuButtonRef?: RefObject<HTMLButtonElement | null>;
  onMenu: () => void;
  menuOpen: boolean;
  onLogout: () => void;
};

/** Header carries the menu toggle, theme and language toggles, the store
 * link, a member's notification bell and the user menu. */
export function Header({ role, user, menuButtonRef, onMenu, menuOpen, onLogout }: HeaderProps) {
  const { t } = useTranslation();
  const live = useAfterFirstReads();
  // The bell's place, kept while it loads, so that nothing moves when it comes.
  const bellPlace = <span className="size-10" aria-hidden />;
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-line bg-surface/90 px-3 backdrop-blur sm:px-5">
      <IconButton
        ref={menuButtonRef}
        label={t('header.openMenu')}
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        onClick={onMenu}
        className="lg:hidden"
      >
        <MenuIcon className="size-6" aria-hidden />
      </IconButton>
      <Logo className="lg:hidden" />
      <div className="ms-auto flex items-center gap-1">
        <a
          href={STORE_URL}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('header.storeLabel')}
          className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg transition-colors hover:bg-surface-2"
        >
          <ShoppingBag className="size-5" aria-hidden />
          <span className="hidden sm:inline">{t('header.store')}</span>
        </a>
        <LanguageToggle />
        <ThemeToggle />
        {role !== 'admin' &&
          (live ? (
            <Suspense fallback={bellPlace}>
              <NotificationBell role={role} />
            </Suspense>
          ) : (
            bellPlace
          ))}
        <UserMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
}
