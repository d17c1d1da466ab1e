import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { WeekPicker, useSlotLabel } from '@/components/week-picker';
import { useTeacherSlots } from '@/lib/api/slots';
import { firstWeekWithSlots, todayIn, weekStartDay } from '@/lib/slot-weeks';
import { errorText } from '@/lib/api/error-text';
import { useLang } from '@/lib/i18n/use-lang';
import { useProposeReschedule } from '../api/reschedule';
import { rescheduleSlots, type Side } from '../reschedule-rules';
import type { Booking } from '../rules';
import { useClassTime } from './class-time';

type RescheduleDialogProps = {
  /** The class to move; null keeps the dialog closed. */
  booking: Booking | null;
  side: Side;
  tz: string;
  onClose: () => void;
  onProposed: () => void;
};

/** RescheduleDialog proposes another time for a class: a week picker of its
 * teacher's free times, as the booking dialog has. The other side answers;
 * the time is held for the class until then. */
export function RescheduleDialog({ booking, side, tz, onClose, onProposed }: RescheduleDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={booking !== null}
      onOpenChange={(o) => !o && onClose()}
      title={t('classes.reschedule.title')}
      description={t(side === 'student' ? 'classes.reschedule.descriptionStudent' : 'classes.reschedule.descriptionTeacher')}
      closeLabel={t('classes.reschedule.close')}
      className="sm:max-w-3xl"
    >
      {booking && <ProposeForm key={booking.id} booking={booking} tz={tz} onClose={onClose} onProposed={onProposed} />}
    </Modal>
  );
}

function ProposeForm({ booking: b, tz, onClose, onProposed }: { booking: Booking; tz: string; onClose: () => void; onProposed: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const classTime = useClassTime();
  const slotLabel = useSlotLabel();
  const today = useMemo(() => todayIn(tz), [tz]);
  const slotsQuery = useTeacherSlots(b.teacher_id, tz);
  const propose = useProposeReschedule(tz);
  const slots = useMemo(() => rescheduleSlots(slotsQuery.data ?? [], b), [slotsQuery.data, b]);
  const [chosenWeek, setWeek] = useState<number | null>(null);
  const [slotId, setSlotId] = useState<number | null>(null);
  const week = chosenWeek ?? firstWeekWithSlots(slots, today, weekStartDay(lang)) ?? 0;
  const slot = slots.find((s) => s.id === slotId) ?? null;

  const submit = () => {
    if (!slot) return;
    propose.mutate(
      { booking: b.id, slot: slot.id },
      {
        onSuccess: () => {
          onClose();
          onProposed();
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <p className="text-sm">{t('classes.reschedule.now', { time: classTime(b, tz) })}</p>
      <WeekPicker
        slots={slots}
        today={today}
        tz={tz}
        week={week}
        onWeek={setWeek}
        selectedId={slot?.id ?? null}
        onSelect={(s) => setSlotId(s.id)}
        loading={slotsQuery.isPending}
        error={slotsQuery.isError ? errorText(slotsQuery.error, t, 'booking.slotsError') : null}
        onRetry={() => void slotsQuery.refetch()}
      />
      <p className="text-sm font-medium" aria-live="polite">
        {slot ? t('classes.reschedule.selected', { when: slotLabel(slot, tz) }) : t('booking.noneSelected')}
      </p>
      {propose.isError && <Alert tone="error">{errorText(propose.error, t, 'classes.reschedule.failed')}</Alert>}
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-3">
        <Button variant="secondary" onClick={onClose} disabled={propose.isPending}>
          {t('classes.reschedule.cancel')}
        </Button>
        <Button onClick={submit} disabled={!slot} loading={propose.isPending}>
          {t('classes.reschedule.submit')}
        </Button>
      </div>
    </div>
  );
}
