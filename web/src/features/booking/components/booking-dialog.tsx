import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, Wallet, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, IconButton } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/errors';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { getProfile, profileQueryKey } from '@/lib/auth/get-profile';
import { formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { PaymentRequiredError, PriceChangedError, useBookSlot, type Booking } from '../api/book-slot';
import { teacherPricingKey, useTeacherPricing } from '../api/get-teacher-pricing';
import { teacherSlotsKey, useTeacherSlots } from '../api/get-teacher-slots';
import { languageKey } from '../languages';
import { bookableSlots, canConfirm, firstWeekWithSlots, todayIn, validateBooking, walletTopUpHref, weekStartDay } from '../rules';
import { useSlotLabel, WeekPicker } from './week-picker';

/** The teacher the dialog books: what a teacher card has. */
export type BookingTeacher = { id: number; name: string; username?: string };

type BookingDialogProps = {
  teacher: BookingTeacher | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after a booking succeeded and the dialog closed. */
  onBooked: (booking: Booking) => void;
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

type Problem = { text: string; missingAmount?: number };

function BookingForm({ teacher, onClose, onBooked }: { teacher: BookingTeacher; onClose: () => void; onBooked: (b: Booking) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const { user, token } = useAuth();
  const queryClient = useQueryClient();
  const slotLabel = useSlotLabel();
  const levelSelectId = useId();
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

  // Until the student moves, the picker shows the first week with a free time.
  const [chosenWeek, setWeek] = useState<number | null>(null);
  const [slotId, setSlotId] = useState<number | null>(null);
  const [levelId, setLevelId] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  const slots = useMemo(() => bookableSlots(slotsQuery.data ?? [], teacher.id), [slotsQuery.data, teacher.id]);
  const week = chosenWeek ?? firstWeekWithSlots(slots, today, weekStartDay(lang)) ?? 0;
  const levels = pricing.data ?? [];
  // A chosen time that is no longer free (after a reload) is no longer chosen.
  const slot = slots.find((s) => s.id === slotId) ?? null;
  const level = levels.find((l) => l.id === levelId) ?? null;
  const loading = slotsQuery.isPending || pricing.isPending || book.isPending;
  const choice = { slotId: slot?.id ?? null, levelId, levels };
  const name = teacher.name || teacher.username || '';

  const levelName = (l: { language: string; level_name: string }) => {
    const key = languageKey(l.language);
    return `${key ? t(key) : l.language} · ${l.level_name}`;
  };

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
    book.mutate(
      { slot: slot!.id, levelPrice: levelId!, notes, tz },
      {
        onSuccess: (booking) => {
          void queryClient.invalidateQueries({ queryKey: teacherSlotsKey(teacher.id) });
          void queryClient.invalidateQueries({ queryKey: profileQueryKey });
          onClose();
          onBooked(booking);
        },
        onError: (err) => {
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
            void queryClient.invalidateQueries({ queryKey: teacherPricingKey(teacher.id) });
          } else if (err instanceof ApiError && err.status === 400 && err.fields.level_price) {
            // The level is no longer offered: show what is.
            setProblem({ text: err.fields.level_price.join(' ') });
            setLevelId(null);
            void queryClient.invalidateQueries({ queryKey: teacherPricingKey(teacher.id) });
          } else if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
            // Someone else took the time, or it was withdrawn: show what is free now.
            setProblem({ text: `${err.detail ?? t('booking.taken')} ${t('booking.slotsReloaded')}` });
            setSlotId(null);
            void slotsQuery.refetch();
          } else {
            setProblem({ text: errorText(err, t, 'booking.failed') });
          }
        },
      },
    );
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
                setLevelId(e.target.value === '' ? null : Number(e.target.value));
                setProblem(null);
              }}
              className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg focus:border-ring focus:outline-none focus-visible:outline-2 disabled:opacity-60"
            >
              <option value="">{levelPlaceholder}</option>
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
          {level && level.exam_price > 0 && (
            <p className="text-sm text-muted">{t('booking.examPrice', { price: formatMoney(level.exam_price, lang) })}</p>
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
          {level && <p className="text-muted">{t('booking.youPay', { price: formatMoney(level.regular_price || level.price, lang) })}</p>}
          {balance.data !== undefined && (
            <p className="text-muted">{t('booking.balance', { amount: formatMoney(balance.data, lang) })}</p>
          )}
        </div>
        <div className="flex shrink-0 justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary">{t('booking.cancel')}</Button>
          </Dialog.Close>
          <Button onClick={confirm} disabled={!canConfirm(choice, loading)} loading={book.isPending}>
            <CalendarCheck className="size-4" aria-hidden />
            {t('booking.confirm')}
          </Button>
        </div>
      </div>
    </>
  );
}
