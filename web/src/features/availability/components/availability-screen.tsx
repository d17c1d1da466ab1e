import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { useFlash } from '@/lib/use-flash';
import { useNow } from '@/lib/use-now';
import { useMySlots } from '../api/get-my-slots';
import { useSaveSelection, type BatchResult, type NewSlot } from '../api/create-slots';
import { dateIn, weekDays, weekStartDay, type Cell, type CellDuration, type ExistingSlot } from '../calendar';
import { CurrentSlots } from './current-slots';
import { SelectedTimes } from './selected-times';
import { SmartBuilder, SmartBuilderButton } from './smart-builder';
import { WeekCalendar } from './week-calendar';

/** How long notices stay (spec section 9): 3 s after saving the calendar's
 * times, 5 s after a Smart Builder run. */
export const SAVE_NOTICE_MS = 3000;
export const BUILD_NOTICE_MS = 5000;

/** AvailabilityScreen is the teacher's availability: the week calendar with
 * its selection and save, the list of current slots, and the Smart Builder. */
export function AvailabilityScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const now = useNow(30_000);
  const { user } = useAuth();
  const today = dateIn(tz, now);
  const [week, setWeek] = useState(0);
  const [duration, setDuration] = useState<CellDuration>(60);
  // Chosen cells: start instant -> end instant.
  const [selected, setSelected] = useState<ReadonlyMap<number, number>>(() => new Map());
  const [notice, setNotice] = useFlash(SAVE_NOTICE_MS);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [builderOpen, setBuilderOpen] = useState(false);
  const slots = useMySlots();
  const save = useSaveSelection();

  const existing = useMemo<ExistingSlot[]>(
    () => (slots.data ?? []).map((s) => ({ id: s.id, start: Date.parse(s.start), end: Date.parse(s.end), booked: s.is_booked })),
    [slots.data],
  );
  const upcoming = useMemo(
    () => (slots.data ?? []).filter((s) => Date.parse(s.end) > now).sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
    [slots.data, now],
  );
  const days = useMemo(() => weekDays(today, week, weekStartDay(lang)), [today, week, lang]);
  const selectedSet = useMemo(() => new Set(selected.keys()), [selected]);
  const selectedList = useMemo<NewSlot[]>(
    () => [...selected].map(([start, end]) => ({ start, end })).sort((a, b) => a.start - b.start),
    [selected],
  );

  const onToggle = useCallback((cell: Cell) => {
    if (cell.state !== 'free' && cell.state !== 'selected') return;
    setSaveError(null);
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(cell.start)) next.delete(cell.start);
      else next.set(cell.start, cell.end);
      return next;
    });
  }, []);

  // Changing the cell length clears the selection (spec section 4).
  const onDuration = useCallback((d: CellDuration) => {
    setDuration(d);
    setSelected(new Map());
  }, []);

  const remove = (start: number) =>
    setSelected((prev) => {
      const next = new Map(prev);
      next.delete(start);
      return next;
    });

  const createdText = (r: BatchResult) => {
    const created = t('availability.notices.created', { n: formatNumber(r.created, lang) });
    if (r.skipped === 0) return created;
    return `${created} ${t('availability.notices.skipped', { n: formatNumber(r.skipped, lang) })}`;
  };

  const onSave = () => {
    setSaveError(null);
    if (!user) {
      setSaveError(t('errors.userNotAvailable'));
      return;
    }
    if (!user.id) {
      setSaveError(t('errors.userIdNotFound'));
      return;
    }
    // Times that passed while they were chosen are dropped, not sent.
    const fresh = selectedList.filter((s) => s.start >= Date.now());
    if (fresh.length === 0) {
      setSelected(new Map());
      setNotice(t('availability.notices.nothingToSave'));
      return;
    }
    save.mutate(fresh, {
      onSuccess: (r) => {
        setSelected(new Map());
        setNotice(createdText(r));
      },
      onError: (err) => setSaveError(errorText(err, t, 'availability.errors.save')),
    });
  };

  return (
    <div className="space-y-4 pb-24">
      <div aria-live="polite" className="space-y-3 empty:hidden">
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      {slots.isError && (
        <ErrorBanner onRetry={() => void slots.refetch()}>
          {errorText(slots.error, t, 'availability.errors.load')}
        </ErrorBanner>
      )}
      {saveError && <Alert tone="error">{saveError}</Alert>}

      {slots.isPending ? (
        <div className="flex min-h-64 items-center justify-center rounded-2xl border border-line bg-surface text-primary">
          <Spinner className="size-10 border-4" label={t('common.loading')} />
        </div>
      ) : (
        <WeekCalendar
          days={days}
          today={today}
          tz={tz}
          week={week}
          onWeek={setWeek}
          duration={duration}
          onDuration={onDuration}
          existing={existing}
          selected={selectedSet}
          onToggle={onToggle}
          now={now}
        />
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <SelectedTimes
          slots={selectedList}
          tz={tz}
          onRemove={remove}
          onClear={() => setSelected(new Map())}
          onSave={onSave}
          saving={save.isPending}
        />
        <CurrentSlots
          slots={upcoming}
          tz={tz}
          loading={slots.isPending}
          failed={slots.isError}
          onDeleted={() => setNotice(t('availability.notices.deleted'))}
        />
      </div>

      <SmartBuilderButton onClick={() => setBuilderOpen(true)} />
      <SmartBuilder
        open={builderOpen}
        onOpenChange={setBuilderOpen}
        today={today}
        tz={tz}
        onCreated={(r) => setNotice(createdText(r), BUILD_NOTICE_MS)}
      />
    </div>
  );
}
