import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, CalendarClock, CalendarSync, CheckCheck, Clock, ExternalLink, Star, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatMoney, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { languageLevel, languageName } from '@/lib/languages';
import { Stars } from '@/components/rating';
import { cancelCase, canMarkDone, canRequestCancel, canReview, durationOf, hasEnded, showsMeetingLink, type Booking } from '../rules';
import { canPropose } from '../reschedule-rules';
import { AddToCalendar } from './add-to-calendar';
import { useClassTime, useInstantText } from './class-time';
import { PersonAvatar } from './person-avatar';
import { ReschedulePanel } from './reschedule-panel';
import { ProblemSection } from './problem-section';
import { StatusBadge } from './status-badge';

type ClassCardProps = {
  booking: Booking;
  tz: string;
  now: number;
  onMarkDone: (b: Booking) => void;
  onRequestCancel: (b: Booking) => void;
  /** Rating a done class; the teacher's list passes none. */
  onReview?: (b: Booking) => void;
  /** The action running on this class, if any. */
  busy: 'done' | 'cancel' | null;
  /** Proposing another time, and the notices of answering the teacher's. */
  onPropose?: (b: Booking) => void;
  onRescheduleNotice?: { succeed: (text: string) => void; fail: (text: string) => void };
  /** Why a class's calendar file could not be had. */
  onCalendarFailed: (text: string) => void;
};

/** ClassCard is one of the student's classes: teacher, time, duration,
 * price, status, the meeting link while it is booked, and the actions it
 * allows (mark done once it has ended, cancel while booked and not yet
 * started, saying whether that is free until a time or the teacher's to approve). */
export function ClassCard({ booking: b, tz, now, onMarkDone, onRequestCancel, onReview, busy, onPropose, onRescheduleNotice, onCalendarFailed }: ClassCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const classTime = useClassTime();
  const instantText = useInstantText();
  const teacher = b.teacher.name || b.teacher_name || b.teacher.username;
  const headingId = `class-${b.id}`;
  const doneAllowed = canMarkDone(b, now);
  const cancelAllowed = canRequestCancel(b, now);
  const reviewAllowed = onReview !== undefined && canReview(b, now);
  const proposeAllowed = onPropose !== undefined && canPropose(b, now);
  // A booked class still ahead can go into the reader's calendar.
  const calendarAllowed = b.status === 'booked' && !hasEnded(b, now);
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <PersonAvatar name={teacher} photo={b.teacher.photo ?? b.teacher_photo} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate font-semibold">
            {teacher}
          </h3>
          {(b.trial || b.language || b.level_name) && (
            <p className="text-sm text-muted">
              {/* A trial's level only names its language. */}
              {b.trial ? [t('classes.trial'), b.language && languageName(b.language, lang)].filter(Boolean).join(' · ') : languageLevel(b.language, b.level_name, lang)}
            </p>
          )}
        </div>
        <StatusBadge status={b.status} ended={hasEnded(b, now)} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <Row icon={<CalendarClock className="size-4" aria-hidden />} term={t('classes.card.time')}>
          {classTime(b, tz)}
        </Row>
        <Row icon={<Clock className="size-4" aria-hidden />} term={t('classes.card.duration')}>
          {t('classes.minutes', { count: durationOf(b), n: formatNumber(durationOf(b), lang) })}
        </Row>
        <Row icon={<Wallet className="size-4" aria-hidden />} term={t('classes.card.price')}>
          {formatMoney(b.price, lang)}
        </Row>
        {b.review && (
          <Row icon={<Star className="size-4" aria-hidden />} term={t('reviews.yourRating')}>
            <Stars rating={b.review.rating} />
          </Row>
        )}
      </dl>
      {cancelAllowed && (
        <p className="mt-3 text-sm text-muted">
          {b.free_cancel_until !== null && cancelCase(b, now) === 'free'
            ? t('classes.card.freeCancelUntil', { time: instantText(b.free_cancel_until, tz) })
            : t('classes.card.teacherApproves')}
        </p>
      )}
      {onRescheduleNotice && (
        <ReschedulePanel
          booking={b}
          side="student"
          tz={tz}
          now={now}
          onAnswered={onRescheduleNotice.succeed}
          onFailed={onRescheduleNotice.fail}
        />
      )}
      {(showsMeetingLink(b, now) || doneAllowed || cancelAllowed || reviewAllowed || proposeAllowed || calendarAllowed) && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {showsMeetingLink(b, now) && (
            <a
              href={b.meeting_link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
            >
              <ExternalLink className="size-4" aria-hidden />
              {t('classes.card.meetingLink')}
              <span className="sr-only">{t('classes.newTab')}</span>
            </a>
          )}
          {doneAllowed && (
            <Button variant="secondary" loading={busy === 'done'} disabled={busy !== null} onClick={() => onMarkDone(b)}>
              <CheckCheck className="size-4" aria-hidden />
              {t('classes.card.markDone')}
            </Button>
          )}
          {reviewAllowed && (
            <Button variant="secondary" onClick={() => onReview(b)}>
              <Star className="size-4" aria-hidden />
              {t('reviews.rate.action')}
            </Button>
          )}
          {calendarAllowed && <AddToCalendar bookingId={b.id} onFailed={onCalendarFailed} />}
          {proposeAllowed && (
            <Button variant="secondary" disabled={busy !== null} onClick={() => onPropose(b)}>
              <CalendarSync className="size-4" aria-hidden />
              {t('classes.reschedule.propose')}
            </Button>
          )}
          {cancelAllowed && (
            <Button variant="danger" loading={busy === 'cancel'} disabled={busy !== null} onClick={() => onRequestCancel(b)}>
              <Ban className="size-4" aria-hidden />
              {t('classes.card.requestCancel')}
            </Button>
          )}
        </div>
      )}
      <ProblemSection booking={b} viewer="student" now={now} />
    </article>
  );
}

function Row({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <>
      <dt className="flex items-center gap-1.5 text-muted">
        {icon}
        {term}
      </dt>
      <dd className="min-w-0 break-words tabular-nums">{children}</dd>
    </>
  );
}
