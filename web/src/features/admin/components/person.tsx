import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hrefs } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { UserSummary } from '../api/types';
import { roleLabel } from './labels';

/** Avatar is a user's photo, or the first letter of their name when there is none. */
export function Avatar({ user, className }: { user: Pick<UserSummary, 'name' | 'username' | 'photo'>; className?: string }) {
  const [failed, setFailed] = useState(false);
  const base = cn('inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-sm font-semibold text-on-primary', className);
  if (user.photo && !failed) return <img src={user.photo} alt="" className={cn(base, 'object-cover')} onError={() => setFailed(true)} />;
  const letter = Array.from((user.name || user.username).trim())[0]?.toLocaleUpperCase() ?? '?';
  return (
    <span className={base} aria-hidden>
      {letter}
    </span>
  );
}

/** RoleBadge names a user's role. */
export function RoleBadge({ role }: { role: UserSummary['role'] }) {
  const { t } = useTranslation();
  return <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">{t(roleLabel[role])}</span>;
}

/** Person shows a user with their photo, name and username, linked to their
 * page in the console; the name is isolated, as it may be of either direction. */
export function Person({ user, role = false, link = true, className }: { user: UserSummary; role?: boolean; link?: boolean; className?: string }) {
  const name = (
    <span className="min-w-0">
      {/* Each line keeps the page's alignment whatever the direction of the name. */}
      <bdi className="block truncate font-medium ltr:text-left rtl:text-right">{user.name || user.username}</bdi>
      <bdi dir="ltr" className="block truncate text-xs text-muted ltr:text-left rtl:text-right">
        @{user.username}
      </bdi>
    </span>
  );
  return (
    <span className={cn('inline-flex min-w-0 max-w-full items-center gap-2', className)}>
      <Avatar user={user} />
      {link ? (
        <Link to={hrefs.adminUser(user.id)} className="min-w-0 rounded hover:underline">
          {name}
        </Link>
      ) : (
        name
      )}
      {role && <RoleBadge role={user.role} />}
    </span>
  );
}
