import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import { paths } from '@/config/paths';
import type { MemberRole } from '@/lib/auth/user';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useNotifications } from '../api/get-notifications';
import { useNotificationsLiveSync } from '../hooks/use-notifications-live';
import { unreadOf } from '../notifications-cache';

// Above this the badge reads "99+".
const MAX_SHOWN = 99;

/** NotificationBell is the header's link to the notifications page, with the
 * unread count, kept live by the event stream. */
export function NotificationBell({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  const lang = useLang();
  useNotificationsLiveSync();
  const { data } = useNotifications();
  const unread = unreadOf(data);
  const shown = unread > MAX_SHOWN ? `${formatNumber(MAX_SHOWN, lang)}+` : formatNumber(unread, lang);
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread, n: formatNumber(unread, lang) }) : t('notifications.bell');
  return (
    <Link
      to={role === 'teacher' ? paths.teacher.notifications.path : paths.student.notifications.path}
      aria-label={label}
      title={label}
      data-unread={unread}
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-fg transition-colors hover:bg-surface-2"
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute -top-0.5 end-0 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[0.7rem] font-bold leading-5 text-on-primary ring-2 ring-surface"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}
