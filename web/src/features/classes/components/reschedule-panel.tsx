import { useTranslation } from 'react-i18next';
import { CalendarClock, Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api/error-text';
import { useAnswerReschedule } from '../api/reschedule';
import { openProposal, type Side } from '../reschedule-rules';
import type { Booking } from '../rules';
import { useClassTime, useInstantText } from './class-time';

type ReschedulePanelProps = {
  booking: Booking;
  side: Side;
  tz: string;
  now: number;
  onAnswered: (text: string) => void;
  onFailed: (text: string) => void;
};

/** ReschedulePanel shows a class's open proposal of another time: to the
 * side that proposed it, that it waits for an answer until its expiry; to
 * the other side, accept and decline. Nothing once it is not open. */
export function ReschedulePanel({ booking: b, side, tz, now, onAnswered, onFailed }: ReschedulePanelProps) {
  const { t } = useTranslation();
  const classTime = useClassTime();
  const instantText = useInstantText();
  const answer = useAnswerReschedule(tz);
  const r = openProposal(b, now);
  if (!r) return null;
  const time = classTime({ start_time: r.slot.start, end_time: r.slot.end }, tz);
  const until = instantText(r.expires_at, tz);
  const mine = r.proposed_by === side;
  const reply = (accept: boolean) =>
    answer.mutate(
      { id: r.id, accept },
      {
        onSuccess: () => onAnswered(t(accept ? 'classes.reschedule.accepted' : 'classes.reschedule.declined')),
        onError: (err) => onFailed(errorText(err, t, 'classes.reschedule.answerFailed')),
      },
    );
  return (
    <section
      aria-label={t('classes.reschedule.panelLabel')}
      className="mt-3 rounded-xl border border-primary/40 bg-surface-2 p-3 text-sm"
    >
      <p className="flex items-start gap-2">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <span>
          {mine
            ? t('classes.reschedule.youProposed', { time })
            : t(r.proposed_by === 'teacher' ? 'classes.reschedule.teacherProposes' : 'classes.reschedule.studentProposes', { time })}
        </span>
      </p>
      <p className="mt-1 text-muted">
        {t(mine ? 'classes.reschedule.waitingUntil' : 'classes.reschedule.answerUntil', { until })}
      </p>
      {!mine && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button variant="danger" loading={answer.isPending && answer.variables?.accept === false} disabled={answer.isPending} onClick={() => reply(false)}>
            <X className="size-4" aria-hidden />
            {t('classes.reschedule.decline')}
          </Button>
          <Button loading={answer.isPending && answer.variables?.accept === true} disabled={answer.isPending} onClick={() => reply(true)}>
            <Check className="size-4" aria-hidden />
            {t('classes.reschedule.accept')}
          </Button>
        </div>
      )}
    </section>
  );
}
