import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useUnreadTotal } from '../hooks/use-unread-total';

/** UnreadBadge is the number of unread messages, for the sidebar's Messages
 * item; nothing when there are none. `inverted` suits an active (filled) item. */
export function UnreadBadge({ inverted = false, className }: { inverted?: boolean; className?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const total = useUnreadTotal();
  if (total <= 0) return null;
  const n = formatNumber(total, lang);
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        'inline-flex min-w-6 items-center justify-center rounded-full px-1.5 text-xs font-bold leading-6',
        inverted ? 'bg-on-primary text-primary' : 'bg-primary text-on-primary',
        className,
      )}
    >
      <span aria-hidden>{n}</span>
      <span className="sr-only">{t('messages.unreadCount', { n })}</span>
    </span>
  );
}
