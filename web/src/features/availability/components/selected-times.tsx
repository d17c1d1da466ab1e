import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Save, X } from 'lucide-react';
import { Button, IconButton } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { NewSlot } from '../api/create-slots';
import { useSlotText } from './slot-text';

type SelectedTimesProps = {
  /** The chosen cells, in order. */
  slots: readonly NewSlot[];
  tz: string;
  onRemove: (start: number) => void;
  onClear: () => void;
  onSave: () => void;
  saving: boolean;
};

/** SelectedTimes lists the cells chosen in the calendar, each with a remove
 * button, and saves them all in one request. */
export function SelectedTimes({ slots, tz, onRemove, onClear, onSave, saving }: SelectedTimesProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const slotText = useSlotText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          {t('availability.selected.title')}
          {slots.length > 0 && (
            <span className="ms-2 rounded-full bg-primary px-2 py-0.5 align-middle text-xs font-medium text-on-primary">
              {formatNumber(slots.length, lang)}
            </span>
          )}
        </h2>
        {slots.length > 0 && (
          <Button variant="ghost" className="min-h-9 py-1 text-muted" onClick={onClear} disabled={saving}>
            {t('availability.selected.clear')}
          </Button>
        )}
      </div>
      {slots.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('availability.selected.empty')}</p>
      ) : (
        <>
          <ul className="mt-3 max-h-72 space-y-1.5 overflow-y-auto">
            {slots.map((s) => {
              const text = slotText(s.start, s.end, tz);
              return (
                <li key={s.start} className="flex items-center justify-between gap-2 rounded-lg bg-surface-2 py-1 ps-3 pe-1 text-sm">
                  <span className="min-w-0 truncate tabular-nums">{text}</span>
                  <IconButton
                    label={t('availability.selected.remove', { time: text })}
                    onClick={() => onRemove(s.start)}
                    disabled={saving}
                    className="size-9 shrink-0 text-muted hover:text-danger"
                  >
                    <X className="size-4" aria-hidden />
                  </IconButton>
                </li>
              );
            })}
          </ul>
          <Button className="mt-4 w-full" onClick={onSave} loading={saving}>
            <Save className="size-4" aria-hidden />
            {t('availability.selected.save', { n: formatNumber(slots.length, lang) })}
          </Button>
        </>
      )}
    </section>
  );
}
