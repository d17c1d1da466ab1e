import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Trash2, UserRound } from 'lucide-react';
import { Button, IconButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { Slot } from '../api/get-my-slots';
import { useDeleteSlot } from '../api/delete-slot';
import { useSlotText } from './slot-text';

// The list shows this many at first; the rest on demand.
const FIRST_SHOWN = 12;

type CurrentSlotsProps = {
  /** The teacher's slots still to come, in order. */
  slots: readonly Slot[];
  tz: string;
  loading: boolean;
  /** The slots could not be read (the screen shows why at its top). */
  failed: boolean;
  onDeleted: () => void;
};

/** CurrentSlots lists the teacher's upcoming slots with their date, time
 * range and status; a free one can be deleted after a confirmation. */
export function CurrentSlots({ slots, tz, loading, failed, onDeleted }: CurrentSlotsProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const slotText = useSlotText();
  const headingId = useId();
  const [all, setAll] = useState(false);
  const [target, setTarget] = useState<Slot | null>(null);
  const del = useDeleteSlot();
  const shown = all ? slots : slots.slice(0, FIRST_SHOWN);

  const confirmDelete = () => {
    if (!target) return;
    del.mutate(target.id, {
      onSuccess: () => {
        setTarget(null);
        onDeleted();
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-bold">
        {t('availability.current.title')}
        {slots.length > 0 && (
          <span className="ms-2 text-sm font-normal text-muted">({formatNumber(slots.length, lang)})</span>
        )}
      </h2>
      {loading ? (
        <div className="flex justify-center py-8 text-primary">
          <Spinner className="size-8 border-4" label={t('common.loading')} />
        </div>
      ) : failed ? (
        <p className="mt-3 text-sm text-muted">{t('availability.current.unavailable')}</p>
      ) : slots.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('availability.current.empty')}</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-line">
            {shown.map((s) => {
              const text = slotText(s.start, s.end, tz);
              return (
                <li key={s.id} className="flex min-h-12 items-center justify-between gap-2 py-1 text-sm">
                  <span className="min-w-0 truncate tabular-nums">{text}</span>
                  <span className="flex shrink-0 items-center gap-1">
                    {s.is_booked ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-info-bg px-2 py-0.5 text-xs font-medium">
                        <UserRound className="size-3.5" aria-hidden />
                        {t('availability.current.booked')}
                      </span>
                    ) : (
                      <span className="inline-flex items-center text-success" title={t('availability.current.available')}>
                        <CheckCircle2 className="size-5" aria-hidden />
                        <span className="sr-only">{t('availability.current.available')}</span>
                      </span>
                    )}
                    {s.is_booked ? (
                      // Keeps the rows aligned: a booked slot cannot be deleted.
                      <span aria-hidden className="inline-block size-10" />
                    ) : (
                      <IconButton
                        label={t('availability.current.delete', { time: text })}
                        onClick={() => {
                          del.reset();
                          setTarget(s);
                        }}
                        className="size-9 text-muted hover:text-danger"
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </IconButton>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
          {slots.length > FIRST_SHOWN && (
            <Button variant="ghost" className="mt-2 w-full text-link" onClick={() => setAll((a) => !a)}>
              {all
                ? t('availability.current.showFewer')
                : t('availability.current.showAll', { n: formatNumber(slots.length, lang) })}
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(o) => !o && setTarget(null)}
        title={t('availability.current.confirmTitle')}
        body={target ? t('availability.current.confirmBody', { time: slotText(target.start, target.end, tz) }) : undefined}
        confirmLabel={t('availability.current.confirm')}
        cancelLabel={t('availability.cancel')}
        tone="danger"
        loading={del.isPending}
        error={del.isError ? errorText(del.error, t, 'availability.errors.delete') : undefined}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
