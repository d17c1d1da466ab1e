import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, type User } from '@/lib/auth/user';
import { useAfterFirstReads } from '@/lib/use-after-first-reads';
import { Avatar, TRIGGER_CLASS } from './avatar';
import type { UserMenuDropdown } from './user-menu-dropdown';

/** UserMenu is the header's avatar button and its menu. The menu's code
 * (Radix's dropdown and its positioning, most of the area's first bytes)
 * loads after the screen's first reads, or when the avatar is pressed,
 * hovered or focused before that; meanwhile the button looks the same, and
 * the menu opens, or the focus stays on it, when the code comes. */
export function UserMenu({ user, onLogout }: { user: User | null; onLogout: () => void }) {
  const { t } = useTranslation();
  const live = useAfterFirstReads();
  const [wanted, setWanted] = useState<'open' | 'focus' | null>(null);
  const [Dropdown, setDropdown] = useState<typeof UserMenuDropdown | null>(null);
  useEffect(() => {
    if (!live && !wanted) return;
    let current = true;
    void import('./user-menu-dropdown').then((m) => current && setDropdown(() => m.UserMenuDropdown));
    return () => {
      current = false;
    };
  }, [live, wanted]);

  if (Dropdown) return <Dropdown user={user} onLogout={onLogout} defaultOpen={wanted === 'open'} autoFocus={wanted === 'focus'} />;
  const name = displayName(user);
  const open = () => setWanted('open');
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={t('header.userMenu', { name: name ?? t('common.studentFallback') })}
      className={TRIGGER_CLASS}
      onFocus={() => setWanted((w) => w ?? 'focus')}
      onBlur={() => setWanted((w) => (w === 'focus' ? null : w))}
      onClick={open}
      onPointerEnter={(e) => e.pointerType === 'mouse' && open()}
      onKeyDown={(e) => ['Enter', ' ', 'ArrowDown'].includes(e.key) && open()}
    >
      <Avatar user={user} name={name} />
    </button>
  );
}
