import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, Repeat, Wallet, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, IconButton } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/errors';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { getProfile, profileQueryKey } from '@/lib/auth/get-profile';
import { formatList, formatLongDate, formatMoney, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { languageLevel } from '@/lib/languages';
import { PaymentRequiredError, PriceChangedError, useBookSlot, useBookWeekly, WeeksMissingError, type Booking } from '../api/book-slot';
import { teacherQuery } from '@/lib/api/teachers';
import { useTeacherPricing } from '../api/get-teacher-pricing';
import { teacherSlotsKey, useTeacherSlots } from '@/lib/api/slots';
import { bookableSlots, firstWeekWithSlots, todayIn, weekStartDay } from '@/lib/slot-weeks';
import { canConfirm, freeWeeksBefore, MAX_REPEAT_WEEKS, MIN_REPEAT_WEEKS, TRIAL, validateBooking, walletTopUpHref } from '../rules';
import { useSlotLabel, WeekPicker } from '@/components/week-picker';

/** The teacher the dialog books: what a teacher card has. */
export type BookingTeacher = { id: number; name: string; username?: string };

type BookingDialogProps = {
  teacher: BookingTeacher | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a booking succeeded and the dialog closed: the first class,
   * and how many weekly classes were booked with it (1 for one class). */
  onBooked: (booking: Booking, classes: number) => void;
};

const MAX_NOTES = 1000;

/** BookingDialog books a class with a teacher: a weekly picker of their free
 * times, a level and its price, optional notes, and confirm (spec sections 2,
 * 4 and 5). Closing it forgets the choice; it opens again on this week. */
export function BookingDialog({ teacher, open, onOpenChange, onBooked }: BookingDialogProps) {
  const { i18n } = useTranslation();
  const shown = open && teacher !== null;
  // Focus goes back to what opened the dialog (a card's button), read as it opens.
  const returnTo = useRef<HTMLElement | null>(null);
  const wasShown = useRef(false);
  if (shown && !wasShown.current && typeof document !== 'undefined') {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasShown.current = shown;
  return (
    <Dialog.Root open={shown} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="z-fade fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          dir={i18n.dir()}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (returnTo.current?.isConnected) returnTo.current.focus();
          }}
          className="z-fade fixed left-1/2 top-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface text-fg shadow-xl focus:outline-none"
        >
          {teacher && <BookingForm key={teacher.id} teacher={teacher} onClose={() => onOpenChange(false)} onBooked={onBooked} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A problem to show: missingAmount offers a top-up, fewerWeeks a shorter series of free weeks. */
type Problem = { text: string; missingAmount?: number; fewerWeeks?: number };

function BookingForm({ teacher, onClose, onBooked }: { teacher: BookingTeacher; onClose: () => void; onBooked: BookingDialogProps['onBooked'] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const { user, token } = useAuth();
  const queryClient = useQueryClient();
  const slotLabel = useSlotLabel();
  const levelSelectId = useId();
  const weeksId = useId();
  const today = useMemo(() => todayIn(tz), [tz]);

  const slotsQuery = useTeacherSlots(teacher.id, tz);
  const pricing = useTeacherPricing(teacher.id);
  const balance = useQuery({
    queryKey: [...profileQueryKey, token],
    queryFn: ({ signal }) => getProfile(undefined, signal),
    enabled: token !== null,
    staleTime: 0,
    select: (u) => u.wallet,
  });
  const book = useBookSlot();
  const bookWeekly = useBookWeekly();

  // Until the student moves, the picker shows the first week with a free time.
  const [chosenWeek, setWeek] = useState<number | null>(null);
  const [slotId, setSlotId] = useState<number | null>(null);
  // The level's id, or TRIAL.
  const [levelId, setLevelId] = useState<number | typeof TRIAL | null>(null);
  const [repeat, setRepeat] = useState(false);
  const [weeks, setWeeks] = useState(4);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  const slots = useMemo(() => bookableSlots(slotsQuery.data ?? [], teacher.id), [slotsQuery.data, teacher.id]);
  const week = chosenWeek ?? firstWeekWithSlots(slots, today, weekStartDay(lang)) ?? 0;
  const levels = pricing.data?.levels ?? [];
  const trialPrice = pricing.data?.trialPrice ?? 0;
  const trial = levelId === TRIAL;
  const weekly = repeat && !trial;
  // A chosen time that is no longer free (after a reload) is no longer chosen.
  const slot = slots.find((s) => s.id === slotId) ?? null;
  const level = levels.find((l) => l.id === levelId) ?? null;
  const pending = book.isPending || bookWeekly.isPending;
  const loading = slotsQuery.isPending || pricing.isPending || pending;
  const choice = { slotId: slot?.id ?? null, levelId, levels, trialPrice };
  const price = trial ? trialPrice : level ? level.regular_price || level.price : null;
  const name = teacher.name || teacher.username || '';

  const levelName = (l: { language: string; level_name: string }) => languageLevel(l.language, l.level_name, lang);

  const confirm = () => {
    if (!user) {
      setProblem({ text: t('errors.userNotAvailable') });
      return;
    }
    if (!user.id) {
      setProblem({ text: t('errors.userIdNotFound') });
      return;
    }
    const invalid = validateBooking(choice);
    if (invalid) {
      setProblem({ text: t(invalid) });
      return;
    }
    setProblem(null);
    const done = (first: Booking, classes: number) => {
      void queryClient.invalidateQueries({ queryKey: teacherSlotsKey(teacher.id) });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: teacherQuery(teacher.id).queryKey });
      onClose();
      onBooked(first, classes);
    };
    if (weekly) {
      bookWeekly.mutate(
        { slot: slot!.id, weeks, levelPrice: levelId as number, notes, tz },
        { onSuccess: (list) => done(list[0]!, list.length), onError: failed },
      );
      return;
    }
    book.mutate(
      trial ? { slot: slot!.id, levelPrice: null, trial: true, notes, tz } : { slot: slot!.id, levelPrice: levelId as number, notes, tz },
      { onSuccess: (booking) => done(booking, 1), onError: failed },
    );
  };

  const failed = (err: Error) => {
    if (err instanceof PaymentRequiredError) {
      setProblem({
        text: t('booking.notEnough', { amount: formatMoney(err.missingAmount, lang) }),
        missingAmount: err.missingAmount,
      });
    } else if (err instanceof PriceChangedError) {
      // The teacher repriced the level: nothing was paid. The level stays
      // chosen at its new price, for the student to confirm again.
      setProblem({ text: `${err.detail ?? ''} ${t('booking.pricesReloaded')}`.trim() });
      setLevelId(err.currentLevelPrice.id);
      void queryClient.invalidateQueries({ queryKey: teacherQuery(teacher.id).queryKey });
    } else if (err instanceof WeeksMissingError) {
      // Nothing was booked: name the weeks that are not free, with their
      // dates, and offer the free weeks before the first of them.
      const dates = err.weeks.map((w) => t('booking.weekOn', { week: formatNumber(w.week, lang), when: formatLongDate(w.start_time, lang, tz) }));
      const fewer = freeWeeksBefore(err.weeks);
      setProblem({ text: t('booking.weeksMissing', { weeks: formatList(dates, lang) }), fewerWeeks: fewer ?? undefined });
    } else if (err instanceof ApiError && err.status === 400 && err.fields.level_price) {
      // The level is no longer offered: show what is.
      setProblem({ text: err.fields.level_price.join(' ') });
      setLevelId(null);
      void queryClient.invalidateQueries({ queryKey: teacherQuery(teacher.id).queryKey });
    } else if (err instanceof ApiError && (err.status === 400 || err.status === 409) && (err.fields.trial || trial)) {
      // The trial is no longer open (taken meanwhile, or withdrawn): show the levels.
      setProblem({ text: err.fields.trial?.join(' ') ?? err.detail ?? t('booking.failed') });
      setLevelId(null);
      void queryClient.invalidateQueries({ queryKey: teacherQuery(teacher.id).queryKey });
    } else if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
      // Someone else took the time, or it was withdrawn: show what is free now.
      setProblem({ text: `${err.detail ?? t('booking.taken')} ${t('booking.slotsReloaded')}` });
      setSlotId(null);
      void slotsQuery.refetch();
    } else {
      setProblem({ text: errorText(err, t, 'booking.failed') });
    }
  };

  let levelPlaceholder = t('booking.chooseLevel');
  if (pricing.isPending) levelPlaceholder = t('booking.pricingLoading');
  else if (levels.length === 0) levelPlaceholder = t('booking.noPricing');

  return (
    <>
      <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
        <div className="min-w-0">
          <Dialog.Title className="text-lg font-bold">{t('booking.title', { name })}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">{t('booking.description', { tz })}</Dialog.Description>
        </div>
        <Dialog.Close asChild>
          <IconButton label={t('booking.close')} className="-me-2 -mt-1 shrink-0">
            <X className="size-5" aria-hidden />
          </IconButton>
        </Dialog.Close>
      </div>

      <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-5 py-4">
        <section aria-labelledby="booking-time-title" className="space-y-3">
          <h3 id="booking-time-title" className="font-semibold">
            {t('booking.timeTitle')}
          </h3>
          <WeekPicker
            slots={slots}
            today={today}
            tz={tz}
            week={week}
            onWeek={setWeek}
            selectedId={slot?.id ?? null}
            onSelect={(s) => {
              setSlotId(s.id);
              setProblem(null);
            }}
            loading={slotsQuery.isPending}
            error={slotsQuery.isError ? errorText(slotsQuery.error, t, 'booking.slotsError') : null}
            onRetry={() => void slotsQuery.refetch()}
          />
        </section>

        <section aria-labelledby="booking-level-title" className="space-y-3">
          <h3 id="booking-level-title" className="font-semibold">
            {t('booking.levelTitle')}
          </h3>
          <div className="space-y-1.5">
            <label htmlFor={levelSelectId} className="block text-sm font-medium">
              {t('booking.level')}
            </label>
            <select
              id={levelSelectId}
              value={levelId ?? ''}
              disabled={levels.length === 0}
              onChange={(e) => {
                const v = e.target.value;
                setLevelId(v === '' ? null : v === TRIAL ? TRIAL : Number(v));
                setProblem(null);
              }}
              className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg focus:border-ring focus:outline-none focus-visible:outline-2 disabled:opacity-60"
            >
              <option value="">{levelPlaceholder}</option>
              {trialPrice > 0 && levels.length > 0 && (
                <option value={TRIAL}>{t('booking.trialOption', { price: formatMoney(trialPrice, lang) })}</option>
              )}
              {levels.map((l) => (
                <option key={l.id} value={l.id}>
                  {t('booking.levelOption', { level: levelName(l), price: formatMoney(l.regular_price || l.price, lang) })}
                </option>
              ))}
            </select>
          </div>
          {pricing.isError && (
            <Alert tone="error" onRetry={() => void pricing.refetch()}>
              {t('booking.pricingError')}
            </Alert>
          )}
          {trialPrice > 0 && !trial && (
            <Alert tone="info">{t('booking.trialOffer', { price: formatMoney(trialPrice, lang) })}</Alert>
          )}
          {trial && <p className="text-sm text-muted">{t('booking.trialHint')}</p>}
          {level && level.exam_price > 0 && (
            <p className="text-sm text-muted">{t('booking.examPrice', { price: formatMoney(level.exam_price, lang) })}</p>
          )}
          {!trial && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-line px-3 py-2.5">
              <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={repeat}
                  onChange={(e) => {
                    setRepeat(e.target.checked);
                    setProblem(null);
                  }}
                  className="size-4 accent-primary"
                />
                <Repeat className="size-4 text-muted" aria-hidden />
                {t('booking.repeatWeekly')}
              </label>
              {repeat && (
                <span className="flex items-center gap-2 text-sm">
                  <label htmlFor={weeksId}>{t('booking.weeksLabel')}</label>
                  <select
                    id={weeksId}
                    value={weeks}
                    onChange={(e) => {
                      setWeeks(Number(e.target.value));
                      setProblem(null);
                    }}
                    className="rounded-lg border border-line bg-surface px-2 py-1.5 text-base text-fg focus:border-ring focus:outline-none focus-visible:outline-2"
                  >
                    {Array.from({ length: MAX_REPEAT_WEEKS - MIN_REPEAT_WEEKS + 1 }, (_, i) => MIN_REPEAT_WEEKS + i).map((n) => (
                      <option key={n} value={n}>
                        {t('booking.weeksOption', { count: n, n: formatNumber(n, lang) })}
                      </option>
                    ))}
                  </select>
                </span>
              )}
              {repeat && <p className="basis-full text-sm text-muted">{t('booking.repeatHint')}</p>}
            </div>
          )}
        </section>

        <TextArea
          label={t('booking.notes')}
          optional
          hint={t('booking.notesHint')}
          maxLength={MAX_NOTES}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className="min-h-20"
        />

        {problem && (
          <Alert tone="error">
            <p>{problem.text}</p>
            {problem.fewerWeeks !== undefined && (
              <Button
                variant="secondary"
                className="mt-2"
                onClick={() => {
                  setWeeks(problem.fewerWeeks!);
                  setProblem(null);
                }}
              >
                {t('booking.bookFewer', { count: problem.fewerWeeks, n: formatNumber(problem.fewerWeeks, lang) })}
              </Button>
            )}
            {problem.missingAmount !== undefined && (
              <Link
                to={walletTopUpHref(paths.student.wallet.path, problem.missingAmount)}
                className="mt-2 inline-flex min-h-10 items-center gap-2 rounded-lg bg-primary px-3 py-2 font-medium text-on-primary hover:bg-primary-hover"
              >
                <Wallet className="size-4" aria-hidden />
                {t('booking.topUp', { amount: formatMoney(problem.missingAmount, lang) })}
              </Link>
            )}
          </Alert>
        )}
      </div>

      <div className="flex flex-col gap-3 border-t border-line px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm" aria-live="polite">
          {slot ? (
            <p className="font-medium">{t('booking.selected', { when: slotLabel(slot, tz) })}</p>
          ) : (
            <p className="text-muted">{t('booking.noneSelected')}</p>
          )}
          {price !== null &&
            (weekly ? (
              <p className="font-medium">
                {t('booking.youPayWeekly', { n: formatNumber(weeks, lang), price: formatMoney(price, lang), total: formatMoney(price * weeks, lang) })}
              </p>
            ) : (
              <p className="text-muted">{t(trial ? 'booking.youPayTrial' : 'booking.youPay', { price: formatMoney(price, lang) })}</p>
            ))}
          {balance.data !== undefined && (
            <p className="text-muted">{t('booking.balance', { amount: formatMoney(balance.data, lang) })}</p>
          )}
        </div>
        <div className="flex shrink-0 justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary">{t('booking.cancel')}</Button>
          </Dialog.Close>
          <Button onClick={confirm} disabled={!canConfirm(choice, loading)} loading={pending}>
            <CalendarCheck className="size-4" aria-hidden />
            {weekly ? t('booking.confirmWeekly', { count: weeks, n: formatNumber(weeks, lang) }) : t('booking.confirm')}
          </Button>
        </div>
      </div>
    </>
  );
}
