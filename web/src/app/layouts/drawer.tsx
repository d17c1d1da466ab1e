import { useRef, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { IconButton } from '@/components/ui/button';
import type { Role } from '@/lib/auth/user';
import { SidebarContent } from './sidebar';

type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role;
  onLogout: () => void;
  /** The button that opened the drawer; focus goes back to it on close. */
  returnFocusRef: RefObject<HTMLButtonElement | null>;
};

/** Drawer is the sidebar below 1024 px: it slides in from the start edge,
 * traps focus while open and closes on Escape, outside click or navigation. */
export function Drawer({ open, onOpenChange, role, onLogout, returnFocusRef }: DrawerProps) {
  const { t, i18n } = useTranslation();
  // After following a link, focus the new page's content rather than the menu button.
  const navigated = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="z-fade fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <Dialog.Content
          dir={i18n.dir()}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (navigated.current) document.getElementById('main')?.focus();
            else returnFocusRef.current?.focus();
            navigated.current = false;
          }}
          className="z-drawer fixed inset-y-0 start-0 z-50 w-64 max-w-[85vw] border-e border-line bg-surface shadow-xl focus:outline-none lg:hidden"
        >
          <Dialog.Title className="sr-only">{t('nav.menu')}</Dialog.Title>
          <div className="absolute end-2 top-3">
            <Dialog.Close asChild>
              <IconButton label={t('header.closeMenu')}>
                <X className="size-5" aria-hidden />
              </IconButton>
            </Dialog.Close>
          </div>
          <SidebarContent
            role={role}
            onLogout={onLogout}
            onNavigate={() => {
              navigated.current = true;
              onOpenChange(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
