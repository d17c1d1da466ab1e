import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, CalendarCheck2, CalendarDays, CalendarSync, CalendarX2, Check, CheckCheck, Clock, Inbox, Video, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, IconButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatClock, formatDayMonth, formatNumber } from '@/lib/format';
import type { TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { languageLevel } from '@/lib/languages';
import { useViewerTimeZone } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import { useDecideCancel } from '../api/decide-cancel';
import { useTeacherClasses } from '../api/get-teacher-classes';
import { useMarkDone } from '../api/mark-done';
import { useTeacherCancel } from '../api/teacher-cancel';
import { useNotice } from '@/lib/use-flash';
import {
  TEACHER_TABS,
  canJoin,
  dateIn,
  durationOf,
  relativeDay,
  startOf,
  teacherTabs,
  type Booking,
  type TeacherTab,
} from '../rules';
import { canPropose } from '../reschedule-rules';
import { AddToCalendar } from './add-to-calendar';
import { useClassTime, useInstantText } from './class-time';
import { PersonAvatar } from './person-avatar';
import { RescheduleDialog } from './reschedule-dialog';
import { ReschedulePanel } from './reschedule-panel';
import { ProblemSection } from './problem-section';

const tabLabel: Record<TeacherTab, TKey> = {
  upcoming: 'classes.teacher.tabs.upcoming',
  completed: 'classes.teacher.tabs.completed',
  pending: 'classes.teacher.tabs.pending',
  cancelled: 'classes.teacher.tabs.cancelled',
};

const emptyText: Record<TeacherTab, TKey> = {
  upcoming: 'classes.teacher.empty.upcoming',
  completed: 'classes.teacher.empty.completed',
  pending: 'classes.teacher.empty.pending',
  cancelled: 'classes.teacher.empty.cancelled',
};

// The clock refreshes often enough for the join button to turn on within seconds.
const TICK_MS = 15_000;

function studentName(b: Booking): string {
  return b.student.name || b.student.username;
}

/** TeacherClasses is the teacher's "my classes": four tabs with counts
 * (upcoming, completed, cancellation requests, cancelled), the join button
 * in its window, the teacher's own cancel, approve and reject, and banners. */
export function TeacherClasses() {
  const { t } = useTranslation();
  const tz = useViewerTimeZone();
  const now = useNow(TICK_MS);
  const classes = useTeacherClasses();
  const notice = useNotice();
  const decide = useDecideCancel(tz);
  const cancel = useTeacherCancel(tz);
  const markDone = useMarkDone(tz);
  const classTime = useClassTime();
  const [tab, setTab] = useState<TeacherTab>('upcoming');
  // The request being approved or rejected, and which.
  const [deciding, setDeciding] = useState<{ id: number; approve: boolean } | null>(null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [finishing, setFinishing] = useState<Booking | null>(null);
  const [moving, setMoving] = useState<Booking | null>(null);

  const tabs = useMemo(() => teacherTabs(classes.data ?? [], now), [classes.data, now]);
  const today = dateIn(tz, now);

  const onDecide = (b: Booking, approve: boolean) => {
    setDeciding({ id: b.id, approve });
    notice.clear();
    decide.mutate(
      { id: b.id, approve },
      {
        onSuccess: () => notice.succeed(t(approve ? 'classes.notices.approved' : 'classes.notices.rejected')),
        onError: (err) => notice.fail(errorText(err, t, 'classes.errors.decide')),
        onSettled: () => setDeciding(null),
      },
    );
  };

  const onCancel = () => {
    const b = cancelling;
    if (!b) return;
    notice.clear();
    cancel.mutate(b.id, {
      onSuccess: () => {
        setCancelling(null);
        notice.succeed(t('classes.notices.teacherCancelled'));
      },
    });
  };

  const onFinish = () => {
    const b = finishing;
    if (!b) return;
    notice.clear();
    markDone.mutate(b.id, {
      onSuccess: () => {
        setFinishing(null);
        notice.succeed(t('classes.notices.markedDone'));
      },
    });
  };

  if (classes.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center text-primary">
        <Spinner className="size-10 border-4" label={t('common.loading')} />
      </div>
    );
  }
  if (classes.isError) {
    return (
      <ErrorBanner onRetry={() => void classes.refetch()}>{errorText(classes.error, t, 'classes.errors.load')}</ErrorBanner>
    );
  }

  const list = tabs[tab];
  return (
    <Tabs value={tab} onChange={setTab}>
      <div className="space-y-4">
        <div aria-live="polite" className="space-y-3 empty:hidden">
          {notice.success && <Alert tone="success">{notice.success}</Alert>}
        </div>
        {notice.error && <Alert tone="error">{notice.error}</Alert>}

        <TabList
          className="grid grid-cols-2 sm:grid-cols-4"
          label={t('classes.teacher.tabsLabel')}
          options={TEACHER_TABS.map((id) => ({
            value: id,
            // The count of requests shows only when there are some.
            label: <TabLabel tab={id} count={id === 'pending' && tabs.pending.length === 0 ? null : tabs[id].length} />,
          }))}
        />

        <TabPanel value={tab} className="focus:outline-none">
          {list.length === 0 ? (
            <Empty tab={tab} />
          ) : tab === 'upcoming' ? (
            <ul className="space-y-3">
              {list.map((b) => (
                <li key={b.id}>
                  <UpcomingRow
                    booking={b}
                    tz={tz}
                    now={now}
                    today={today}
                    onCancel={() => { cancel.reset(); setCancelling(b); }}
                    onPropose={() => setMoving(b)}
                    onCalendarFailed={notice.fail}
                  />
                  <ReschedulePanel booking={b} side="teacher" tz={tz} now={now} onAnswered={notice.succeed} onFailed={notice.fail} />
                </li>
              ))}
            </ul>
          ) : tab === 'pending' ? (
            <ul className="space-y-3">
              {list.map((b) => (
                <li key={b.id}>
                  <RequestRow
                    booking={b}
                    tz={tz}
                    deciding={deciding?.id === b.id ? deciding.approve : null}
                    busy={deciding !== null}
                    onDecide={(approve) => onDecide(b, approve)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {list.map((b) => (
                <li key={b.id}>
                  <PastCard booking={b} tz={tz} now={now} onFinish={b.status === 'booked' && !b.problem ? () => { markDone.reset(); setFinishing(b); } : undefined} />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>

        <RescheduleDialog
          booking={moving}
          side="teacher"
          tz={tz}
          onClose={() => setMoving(null)}
          onProposed={() => notice.succeed(t('classes.reschedule.proposed'))}
        />
        <ConfirmDialog
          open={cancelling !== null}
          onOpenChange={(o) => !o && setCancelling(null)}
          title={t('classes.teacher.cancelTitle')}
          body={
            cancelling
              ? t('classes.teacher.cancelBody', { student: studentName(cancelling), time: classTime(cancelling, tz) })
              : undefined
          }
          confirmLabel={t('classes.teacher.cancelConfirm')}
          cancelLabel={t('classes.confirm.keep')}
          tone="danger"
          loading={cancel.isPending}
          error={cancel.isError ? errorText(cancel.error, t, 'classes.errors.teacherCancel') : undefined}
          onConfirm={onCancel}
        />
        <ConfirmDialog
          open={finishing !== null}
          onOpenChange={(o) => !o && setFinishing(null)}
          title={t('classes.confirm.doneTitle')}
          body={
            finishing
              ? t('classes.teacher.doneBody', { student: studentName(finishing), time: classTime(finishing, tz) })
              : undefined
          }
          confirmLabel={t('classes.confirm.doneConfirm')}
          cancelLabel={t('classes.confirm.keep')}
          loading={markDone.isPending}
          error={markDone.isError ? errorText(markDone.error, t, 'classes.errors.markDone') : undefined}
          onConfirm={onFinish}
        />
      </div>
    </Tabs>
  );
}

/** TabLabel is a tab's name and its count; requests waiting stand out. */
function TabLabel({ tab, count }: { tab: TeacherTab; count: number | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      {t(tabLabel[tab])}
      {count !== null && ' '}
      {count !== null && (
        <span
          className={cn(
            'min-w-6 rounded-full px-1.5 text-xs tabular-nums group-aria-selected:bg-on-primary/20 group-aria-selected:text-inherit',
            tab === 'pending' ? 'bg-danger text-surface' : 'bg-surface',
          )}
        >
          {formatNumber(count, lang)}
        </span>
      )}
    </>
  );
}

function Empty({ tab }: { tab: TeacherTab }) {
  const { t } = useTranslation();
  const Icon = tab === 'pending' ? Inbox : tab === 'cancelled' ? CalendarX2 : CalendarCheck2;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-4 py-12 text-center">
      <Icon className="size-10 text-muted" aria-hidden />
      <p className="font-medium">{t(emptyText[tab])}</p>
    </div>
  );
}

type UpcomingRowProps = {
  booking: Booking;
  tz: string;
  now: number;
  today: string;
  onCancel: () => void;
  onPropose: () => void;
  onCalendarFailed: (text: string) => void;
};

/** UpcomingRow is an upcoming class: its day (today, tomorrow, or month and
 * day), the student, the time range, the join button (active from 15 minutes
 * before the start to 15 minutes after it), "propose another time", "add to
 * calendar" and the cancel button. */
function UpcomingRow({ booking: b, tz, now, today, onCancel, onPropose, onCalendarFailed }: UpcomingRowProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const start = startOf(b);
  const date = dateIn(tz, start);
  const rel = relativeDay(date, today);
  const dayText = rel === 'today' ? t('classes.teacher.today') : rel === 'tomorrow' ? t('classes.teacher.tomorrow') : formatDayMonth(start, lang, tz);
  const range = `${formatClock(b.start_time, lang, tz)} – ${formatClock(b.end_time, lang, tz)}`;
  const joinable = canJoin(start, now) && b.meeting_link !== '';
  const name = studentName(b);
  return (
    <article
      aria-label={t('classes.teacher.rowLabel', { student: name, day: dayText, time: range })}
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-3 sm:flex-nowrap sm:p-4"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <PersonAvatar name={name} photo={b.student.photo} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{name}</p>
          {/* The day is text, not a filled pill: it is no control, and the avatar
              stays at the row's start whatever its length. */}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted tabular-nums">
            <span className={cn('inline-flex items-center gap-1 font-semibold', rel ? 'text-primary dark:text-link' : 'text-fg')}>
              <CalendarDays className="size-3.5" aria-hidden />
              {dayText}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden />
              {range}
            </span>
          </p>
        </div>
      </div>
      <div className="flex w-full items-center justify-end gap-2 sm:w-auto">
        {joinable ? (
          <a
            href={b.meeting_link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
          >
            <Video className="size-4" aria-hidden />
            {t('classes.teacher.join')}
            <span className="sr-only">{t('classes.newTab')}</span>
          </a>
        ) : (
          <Button variant="secondary" disabled className="text-muted">
            <Video className="size-4" aria-hidden />
            {t('classes.teacher.notNear')}
          </Button>
        )}
        {canPropose(b, now) && (
          <Button variant="secondary" onClick={onPropose}>
            <CalendarSync className="size-4" aria-hidden />
            {t('classes.reschedule.propose')}
          </Button>
        )}
        <AddToCalendar
          bookingId={b.id}
          onFailed={onCalendarFailed}
          compact={{ label: t('classes.calendar.addLabel', { student: name, time: range }) }}
        />
        <IconButton
          label={t('classes.teacher.cancelLabel', { student: name, time: range })}
          onClick={onCancel}
          className="text-danger hover:bg-danger-bg"
        >
          <Ban className="size-5" aria-hidden />
        </IconButton>
      </div>
    </article>
  );
}

type RequestRowProps = {
  booking: Booking;
  tz: string;
  /** true while being approved, false while being rejected, null otherwise. */
  deciding: boolean | null;
  /** Some request is being processed. */
  busy: boolean;
  onDecide: (approve: boolean) => void;
};

/** RequestRow is a student's cancellation request: the student, the class
 * time and when it was asked, with approve and reject. */
function RequestRow({ booking: b, tz, deciding, busy, onDecide }: RequestRowProps) {
  const { t } = useTranslation();
  const classTime = useClassTime();
  const instantText = useInstantText();
  const name = studentName(b);
  const headingId = `request-${b.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex items-center gap-3">
        <PersonAvatar name={name} photo={b.student.photo} />
        <h3 id={headingId} className="min-w-0 flex-1 truncate font-semibold">
          {name}
        </h3>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t('classes.teacher.classTime')}</dt>
        <dd className="tabular-nums">{classTime(b, tz)}</dd>
        <dt className="text-muted">{t('classes.teacher.requestedAt')}</dt>
        <dd className="tabular-nums">{b.requested_at ? instantText(b.requested_at, tz) : '—'}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button
          variant="danger"
          loading={deciding === false}
          disabled={busy}
          onClick={() => onDecide(false)}
          aria-label={t('classes.teacher.rejectLabel', { student: name })}
        >
          {deciding !== false && <X className="size-4" aria-hidden />}
          {t('classes.teacher.reject')}
        </Button>
        <Button
          loading={deciding === true}
          disabled={busy}
          onClick={() => onDecide(true)}
          aria-label={t('classes.teacher.approveLabel', { student: name })}
        >
          {deciding !== true && <Check className="size-4" aria-hidden />}
          {t('classes.teacher.approve')}
        </Button>
      </div>
    </article>
  );
}

/** PastCard is a completed or cancelled class: the student, its length in
 * minutes and its full date and time. A booked class that has ended waits to
 * be marked done (or is settled 48 hours after its end). */
function PastCard({ booking: b, tz, now, onFinish }: { booking: Booking; tz: string; now: number; onFinish?: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const instantText = useInstantText();
  const name = studentName(b);
  const headingId = `past-${b.id}`;
  return (
    <article aria-labelledby={headingId} className="h-full rounded-2xl border border-line bg-surface p-4">
      <div className="flex items-center gap-3">
        <PersonAvatar name={name} photo={b.student.photo} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate font-semibold">
            {name}
          </h3>
          <p className="text-sm text-muted">
            {t('classes.minutes', { count: durationOf(b), n: formatNumber(durationOf(b), lang) })}
            {b.trial && ` · ${t('classes.trial')}`}
            {(b.language || b.level_name) && ` · ${languageLevel(b.language, b.trial ? null : b.level_name, lang)}`}
          </p>
        </div>
        {b.status === 'approved_cancel' && (
          <span className="shrink-0 rounded-full bg-danger-bg px-2.5 py-0.5 text-xs font-medium text-danger">
            {t(b.cancelled_by === 'teacher' ? 'classes.teacher.byTeacher' : 'classes.teacher.byStudent')}
          </span>
        )}
        {b.status === 'booked' && (
          <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {t('classes.teacher.awaiting')}
          </span>
        )}
      </div>
      <p className="mt-3 text-sm tabular-nums">{instantText(b.start_time, tz)}</p>
      {onFinish && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted">{t('classes.teacher.settleHint')}</p>
          <Button variant="secondary" onClick={onFinish}>
            <CheckCheck className="size-4" aria-hidden />
            {t('classes.card.markDone')}
          </Button>
        </div>
      )}
      <ProblemSection booking={b} viewer="teacher" now={now} />
    </article>
  );
}

