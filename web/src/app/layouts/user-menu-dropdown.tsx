import { useEffect, useRef, useState } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogOut, Settings } from 'lucide-react';
import { paths } from '@/config/paths';
import { displayName, type User } from '@/lib/auth/user';
import { Avatar, TRIGGER_CLASS } from './avatar';

// Spec section 9: the menu closes 300 ms after the pointer leaves the avatar
// and 150 ms after it leaves the menu.
export const LEAVE_AVATAR_MS = 300;
export const LEAVE_MENU_MS = 150;

type UserMenuDropdownProps = {
  user: User | null;
  onLogout: () => void;
  /** Open from the start: it was asked for while its code loaded. */
  defaultOpen: boolean;
  /** Focus the avatar from the start: it had the focus while the code loaded. */
  autoFocus: boolean;
};

/** UserMenuDropdown is the header's avatar button and its menu (name, email,
 * logout). It opens on hover as well as by click or keyboard, and closes on
 * outside click, Escape, or after the pointer has left the avatar or the menu. */
export function UserMenuDropdown({ user, onLogout, defaultOpen, autoFocus }: UserMenuDropdownProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const timer = useRef<number | undefined>(undefined);
  // Closing because the pointer left should not pull focus back to the avatar.
  const closedByPointer = useRef(false);
  const name = displayName(user);
  const shownName = name ?? t('common.studentFallback');

  const cancelClose = () => window.clearTimeout(timer.current);
  const closeAfter = (ms: number) => {
    cancelClose();
    timer.current = window.setTimeout(() => {
      closedByPointer.current = true;
      setOpen(false);
    }, ms);
  };
  useEffect(() => cancelClose, []);

  return (
    <Menu.Root open={open} onOpenChange={(o) => { cancelClose(); setOpen(o); }} modal={false} dir={i18n.dir()}>
      <Menu.Trigger
        aria-label={t('header.userMenu', { name: shownName })}
        autoFocus={autoFocus}
        className={TRIGGER_CLASS}
        onPointerEnter={(e) => {
          if (e.pointerType !== 'mouse') return;
          cancelClose();
          setOpen(true);
        }}
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse') closeAfter(LEAVE_AVATAR_MS);
        }}
        onPointerDown={(e) => {
          // Hover already opened it: a click should not toggle it shut.
          if (e.pointerType === 'mouse' && open) e.preventDefault();
        }}
      >
        <Avatar user={user} name={name} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          onPointerEnter={cancelClose}
          onCloseAutoFocus={(e) => {
            if (closedByPointer.current) e.preventDefault();
            closedByPointer.current = false;
          }}
          onPointerLeave={(e) => {
            if (e.pointerType === 'mouse') closeAfter(LEAVE_MENU_MS);
          }}
          className="z-50 min-w-56 max-w-[calc(100vw-1rem)] rounded-xl border border-line bg-surface p-1.5 text-fg shadow-lg"
        >
          <Menu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold">{shownName}</span>
            {user?.email && (
              <span dir="ltr" className="block truncate text-xs text-muted">
                {user.email}
              </span>
            )}
          </Menu.Label>
          <Menu.Separator className="my-1 h-px bg-line" />
          {user && user.role !== 'admin' && (
            <Menu.Item asChild className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-surface-2">
              <Link to={user.role === 'teacher' ? paths.teacher.settings.path : paths.student.settings.path}>
                <Settings className="size-4" aria-hidden />
                {t('pages.settings')}
              </Link>
            </Menu.Item>
          )}
          <Menu.Item
            onSelect={onLogout}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-danger outline-none data-[highlighted]:bg-danger-bg"
          >
            <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
            {t('nav.logout')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
