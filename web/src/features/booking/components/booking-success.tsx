import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { IconButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatClock, formatLongDate, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import type { Booking } from '../api/book-slot';

/** BookingSuccess tells the student their class (or weekly classes, from
 * booking on) is booked, with a link to their classes. */
export function BookingSuccess({ booking, classes = 1, onDismiss }: { booking: Booking; classes?: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const when = `${formatLongDate(booking.start_time, lang, tz)}${lang === 'fa' ? '، ' : ', '}${formatClock(booking.start_time, lang, tz)}`;
  return (
    <Alert tone="success">
      <div className="flex items-start justify-between gap-2">
        <p>
          {classes > 1
            ? t('booking.weeklySuccess', { count: classes, n: formatNumber(classes, lang), name: booking.teacher_name, when })
            : t('booking.success', { name: booking.teacher_name, when })}{' '}
          <Link to={paths.student.bookedSlots.path} className="font-medium underline">
            {t('booking.viewClasses')}
          </Link>
        </p>
        <IconButton label={t('booking.dismiss')} className="-my-2 -me-2 size-9 shrink-0" onClick={onDismiss}>
          <X className="size-4" aria-hidden />
        </IconButton>
      </div>
    </Alert>
  );
}
