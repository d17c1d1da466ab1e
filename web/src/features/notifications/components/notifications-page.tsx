import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AlarmClock,
  BadgeCheck,
  Bell,
  BellOff,
  CalendarCheck,
  CalendarSync,
  CheckCheck,
  MessageSquare,
  TriangleAlert,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import type { MemberRole } from '@/lib/auth/user';
import { cn } from '@/lib/cn';
import { formatClock, formatDayMonth, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { KIND_GROUPS } from '../kinds';
import { notificationPath } from '../notification-path';
import { unreadOf } from '../notifications-cache';
import type { Notification } from '../types';

const groupIcon: Record<string, LucideIcon> = {
  reminders: AlarmClock,
  classes: CalendarCheck,
  reschedule: CalendarSync,
  problems: TriangleAlert,
  money: Wallet,
  profile: BadgeCheck,
  messages: MessageSquare,
};

function iconOf(n: Notification): LucideIcon {
  const group = KIND_GROUPS.find((g) => g.kinds.includes(n.kind));
  return (group && groupIcon[group.id]) ?? Bell;
}

/** NotificationsPage lists the reader's notifications, newest first, a page
 * at a time: unread ones marked; opening one marks it read and goes to what
 * it is about; all can be marked read at once. */
export function NotificationsPage({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useNotifications();
  const markAll = useMarkAllRead();
  const unread = unreadOf(q.data);
  const list = q.data?.pages.flatMap((p) => p.results) ?? [];

  if (q.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center text-primary">
        <Spinner className="size-10 border-4" label={t('common.loading')} />
      </div>
    );
  }
  if (q.isError && !q.data) {
    return <ErrorBanner onRetry={() => void q.refetch()}>{errorText(q.error, t, 'notifications.loadFailed')}</ErrorBanner>;
  }
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-4 py-12 text-center">
        <BellOff className="size-10 text-muted" aria-hidden />
        <p className="font-medium">{t('notifications.empty')}</p>
        <p className="max-w-md text-sm text-muted">{t('notifications.emptyHint')}</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {unread > 0 ? t('notifications.unreadCount', { count: unread, n: formatNumber(unread, lang) }) : t('notifications.allRead')}
        </p>
        <Button variant="secondary" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          <CheckCheck className="size-4" aria-hidden />
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {markAll.isError && <Alert tone="error">{errorText(markAll.error, t, 'notifications.markFailed')}</Alert>}
      <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface" aria-label={t('pages.notifications')}>
        {list.map((n) => (
          <NotificationItem key={n.id} notification={n} role={role} />
        ))}
      </ul>
      {q.hasNextPage && (
        <div className="flex flex-col items-center gap-2">
          {q.isFetchNextPageError && <Alert tone="error">{errorText(q.error, t, 'notifications.loadFailed')}</Alert>}
          <Button variant="secondary" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** NotificationItem is one notification: a link to what it is about that marks it read. */
function NotificationItem({ notification: n, role }: { notification: Notification; role: MemberRole }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const markRead = useMarkRead();
  const Icon = iconOf(n);
  const when = `${formatDayMonth(n.created_at, lang, tz)}${lang === 'fa' ? '، ' : ', '}${formatClock(n.created_at, lang, tz)}`;
  return (
    <li>
      <Link
        to={notificationPath(n, role)}
        onClick={() => !n.read && markRead.mutate(n.id)}
        data-read={n.read}
        className={cn('flex items-start gap-3 px-4 py-3.5 transition-colors hover:bg-surface-2', !n.read && 'bg-info-bg')}
      >
        <span
          className={cn(
            'mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full',
            n.read ? 'bg-surface-2 text-muted' : 'bg-primary text-on-primary',
          )}
          aria-hidden
        >
          <Icon className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span className={cn('min-w-0', n.read ? 'font-medium' : 'font-bold')}>
              {!n.read && <span className="sr-only">{t('notifications.unreadMark')} </span>}
              {n.title}
            </span>
            <time dateTime={n.created_at} className="shrink-0 text-xs text-muted tabular-nums">
              {when}
            </time>
          </span>
          <span className="mt-0.5 block break-words text-sm text-muted">{n.text}</span>
        </span>
        {!n.read && <span className="mt-2 size-2.5 shrink-0 rounded-full bg-primary" aria-hidden />}
      </Link>
    </li>
  );
}
