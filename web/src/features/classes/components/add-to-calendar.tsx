import { useTranslation } from 'react-i18next';
import { CalendarPlus } from 'lucide-react';
import { Button, IconButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { useDownloadClassCalendar } from '../api/class-calendar';

type AddToCalendarProps = {
  bookingId: number;
  /** Tells the screen why the file could not be had. */
  onFailed: (text: string) => void;
  /** compact is an icon button whose label names the class (a row of the teacher's list). */
  compact?: { label: string };
};

/** AddToCalendar downloads one class as an .ics file for the reader's calendar app. */
export function AddToCalendar({ bookingId, onFailed, compact }: AddToCalendarProps) {
  const { t } = useTranslation();
  const save = useDownloadClassCalendar();
  const run = () => save.mutate(bookingId, { onError: (err) => onFailed(errorText(err, t, 'classes.calendar.failed')) });
  if (compact) {
    return (
      <IconButton label={compact.label} onClick={run} disabled={save.isPending} aria-busy={save.isPending || undefined}>
        {save.isPending ? <Spinner className="size-5" /> : <CalendarPlus className="size-5" aria-hidden />}
      </IconButton>
    );
  }
  return (
    <Button variant="secondary" loading={save.isPending} onClick={run}>
      {!save.isPending && <CalendarPlus className="size-4" aria-hidden />}
      {t('classes.calendar.add')}
    </Button>
  );
}
