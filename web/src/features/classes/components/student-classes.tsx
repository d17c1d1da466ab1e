import { useId, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarX2, Search } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber } from '@/lib/format';
import type { TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import { useStudentClasses } from '@/lib/api/classes';
import { useMarkDone } from '../api/mark-done';
import { useRequestCancel } from '../api/request-cancel';
import { useNotice } from '@/lib/use-flash';
import {
  STATUS_FILTERS,
  cancelCase,
  countByFilter,
  filterClasses,
  isStatusFilter,
  orderClasses,
  teachersOf,
  type Booking,
  type CancelCase,
  type StatusFilter,
} from '../rules';
import { ClassCard } from './class-card';
import { RescheduleDialog } from './reschedule-dialog';
import { useClassTime, useInstantText } from './class-time';

const selectClass =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg focus:border-ring focus:outline-none focus-visible:outline-2';

export const filterLabel: Record<StatusFilter, TKey> = {
  upcoming: 'classes.filters.upcoming',
  completed: 'classes.filters.completed',
  pending: 'classes.filters.pending',
  cancelled: 'classes.filters.cancelled',
};

/** Pending is an action the student confirms; a cancel's case is fixed when
 * the dialog opens, so it says what the student agrees to. */
type Pending = { booking: Booking; action: 'done' } | { booking: Booking; action: 'cancel'; case: CancelCase };

/** RateDialogProps are what the classes screen gives the dialog that rates
 * a done class (the reviews feature's, composed in by app/). */
export type RateDialogProps = {
  booking: { id: number; teacherName: string } | null;
  onClose: () => void;
  onRated: () => void;
};

type StudentClassesProps = {
  /** The dialog that rates a done class; without it no class offers rating. */
  RateDialog?: ComponentType<RateDialogProps>;
};

/** StudentClasses is the student's "My classes": filters by teacher and
 * status (?teacher=<id>&status=<group> in the address), quick status buttons,
 * and one card per class, upcoming ones first (soonest first), then past ones
 * (latest first). */
export function StudentClasses({ RateDialog }: StudentClassesProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const now = useNow(30_000);
  const classTime = useClassTime();
  const instantText = useInstantText();
  const [params, setParams] = useSearchParams();
  const classes = useStudentClasses();
  const notice = useNotice();
  const markDone = useMarkDone(tz);
  const requestCancel = useRequestCancel(tz);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [running, setRunning] = useState<Pending | null>(null);
  const [rating, setRating] = useState<Booking | null>(null);
  const [moving, setMoving] = useState<Booking | null>(null);
  const teacherId = useId();
  const statusId = useId();

  const all = useMemo(() => classes.data ?? [], [classes.data]);
  const teachers = useMemo(() => teachersOf(all), [all]);
  const counts = useMemo(() => countByFilter(all), [all]);

  const teacherParam = Number(params.get('teacher'));
  // A teacher named in the address counts once the list shows them.
  const teacher = Number.isInteger(teacherParam) && teachers.some((x) => x.id === teacherParam) ? teacherParam : null;
  const statusParam = params.get('status');
  const status = isStatusFilter(statusParam) ? statusParam : null;

  const shown = useMemo(() => orderClasses(filterClasses(all, { teacher, status }), now), [all, teacher, status, now]);

  const setFilter = (key: 'teacher' | 'status', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const run = () => {
    const p = confirming;
    if (!p) return;
    setConfirming(null);
    setRunning(p);
    notice.clear();
    const mutation = p.action === 'done' ? markDone : requestCancel;
    mutation.mutate(p.booking.id, {
      // The server decides the case: a request sent a moment past the free
      // window comes back cancel_pending.
      onSuccess: (b) =>
        notice.succeed(
          p.action === 'done'
            ? t('classes.notices.markedDone')
            : b.status === 'approved_cancel'
              ? t('classes.notices.cancelledFree', { price: formatMoney(b.price, lang) })
              : t('classes.notices.cancelRequested'),
        ),
      onError: (err) =>
        notice.fail(errorText(err, t, p.action === 'done' ? 'classes.errors.markDone' : 'classes.errors.cancel')),
      onSettled: () => setRunning(null),
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

  return (
    <div className="space-y-4">
      <div aria-live="polite" className="space-y-3 empty:hidden">
        {notice.success && <Alert tone="success">{notice.success}</Alert>}
      </div>
      {notice.error && <Alert tone="error">{notice.error}</Alert>}

      {all.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-4 py-12 text-center">
          <CalendarX2 className="size-10 text-muted" aria-hidden />
          <p className="font-medium">{t('classes.student.empty')}</p>
          <Link
            to={paths.student.findTeacher.path}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
          >
            <Search className="size-4" aria-hidden />
            {t('classes.student.findTeacher')}
          </Link>
        </div>
      ) : (
        <>
          <div className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <label htmlFor={teacherId} className="block text-sm font-medium">
                {t('classes.filters.teacher')}
              </label>
              <select
                id={teacherId}
                value={teacher ?? ''}
                onChange={(e) => setFilter('teacher', e.target.value || null)}
                className={selectClass}
              >
                <option value="">{t('classes.filters.allTeachers')}</option>
                {teachers.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={statusId} className="block text-sm font-medium">
                {t('classes.filters.status')}
              </label>
              <select
                id={statusId}
                value={status ?? ''}
                onChange={(e) => setFilter('status', e.target.value || null)}
                className={selectClass}
              >
                <option value="">{t('classes.filters.allStatuses')}</option>
                {STATUS_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {t(filterLabel[f])}
                  </option>
                ))}
              </select>
            </div>
            <div role="group" aria-label={t('classes.filters.quick')} className="flex flex-wrap gap-2 sm:col-span-2">
              <QuickButton pressed={status === null} onClick={() => setFilter('status', null)}>
                {t('classes.filters.all')} ({formatNumber(all.length, lang)})
              </QuickButton>
              {STATUS_FILTERS.map((f) => (
                <QuickButton key={f} pressed={status === f} onClick={() => setFilter('status', status === f ? null : f)}>
                  {t(filterLabel[f])} ({formatNumber(counts[f], lang)})
                </QuickButton>
              ))}
            </div>
          </div>

          {shown.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface px-4 py-10 text-center">
              <p className="font-medium">{t('classes.student.noMatch')}</p>
              <Button variant="secondary" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                {t('classes.filters.clear')}
              </Button>
            </div>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('classes.student.listLabel')}>
              {shown.map((b) => (
                <li key={b.id}>
                  <ClassCard
                    booking={b}
                    tz={tz}
                    now={now}
                    busy={running?.booking.id === b.id ? running.action : null}
                    onMarkDone={(booking) => setConfirming({ booking, action: 'done' })}
                    onRequestCancel={(booking) =>
                      setConfirming({ booking, action: 'cancel', case: cancelCase(booking, Date.now()) })
                    }
                    onReview={RateDialog && setRating}
                    onPropose={setMoving}
                    onRescheduleNotice={notice}
                    onCalendarFailed={notice.fail}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <RescheduleDialog
        booking={moving}
        side="student"
        tz={tz}
        onClose={() => setMoving(null)}
        onProposed={() => notice.succeed(t('classes.reschedule.proposed'))}
      />
      {RateDialog && (
        <RateDialog
          booking={rating && { id: rating.id, teacherName: rating.teacher.name || rating.teacher_name }}
          onClose={() => setRating(null)}
          onRated={() => notice.succeed(t('reviews.rate.thanks'))}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={t(confirmText(confirming).title)}
        body={
          confirming
            ? t(confirmText(confirming).body, {
                time: classTime(confirming.booking, tz),
                teacher: confirming.booking.teacher.name || confirming.booking.teacher_name,
                price: formatMoney(confirming.booking.price, lang),
                until: confirming.booking.free_cancel_until ? instantText(confirming.booking.free_cancel_until, tz) : '',
              })
            : undefined
        }
        confirmLabel={t(confirmText(confirming).confirm)}
        cancelLabel={t('classes.confirm.keep')}
        tone={confirming?.action === 'cancel' ? 'danger' : 'primary'}
        onConfirm={run}
      />
    </div>
  );
}

/** confirmText is the wording of the dialog that confirms p: marking done,
 * a free cancellation, or a request the teacher must approve. */
function confirmText(p: Pending | null): { title: TKey; body: TKey; confirm: TKey } {
  if (p?.action === 'cancel' && p.case === 'free') {
    return {
      title: 'classes.confirm.freeCancelTitle',
      body: 'classes.confirm.freeCancelBody',
      confirm: 'classes.confirm.freeCancelConfirm',
    };
  }
  if (p?.action === 'cancel') {
    return { title: 'classes.confirm.cancelTitle', body: 'classes.confirm.cancelBody', confirm: 'classes.confirm.cancelConfirm' };
  }
  return { title: 'classes.confirm.doneTitle', body: 'classes.confirm.doneBody', confirm: 'classes.confirm.doneConfirm' };
}

function QuickButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'min-h-9 rounded-full border px-3 text-sm font-medium transition-colors',
        pressed ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface text-fg hover:bg-surface-2',
      )}
    >
      {children}
    </button>
  );
}
