import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { statusLabel, type BookingStatus } from '../rules';

const tones: Record<BookingStatus, string> = {
  booked: 'bg-info-bg text-fg border-primary/40',
  done: 'bg-success-bg text-success border-success/30',
  cancel_pending: 'bg-amber-100 text-amber-900 border-amber-500/40 dark:bg-amber-950 dark:text-amber-200',
  approved_cancel: 'bg-danger-bg text-danger border-danger/30',
};

/** StatusBadge names a class's status: upcoming, ended (booked, its time
 * over, not yet done), completed, cancellation requested or cancelled. */
export function StatusBadge({ status, ended = false, className }: { status: BookingStatus; ended?: boolean; className?: string }) {
  const { t } = useTranslation();
  const over = status === 'booked' && ended;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        over ? 'border-line bg-surface-2 text-fg' : tones[status],
        className,
      )}
    >
      {over ? t('classes.status.ended') : t(statusLabel[status])}
    </span>
  );
}
