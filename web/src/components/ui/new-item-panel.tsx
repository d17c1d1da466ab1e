import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { useFlash } from '@/lib/use-flash';

type NewItemPanelProps = {
  /** The heading that opens and closes the panel ("New course"). */
  title: string;
  /** The notice shown for 3 seconds after an item was added. */
  addedText: string;
  /** The form; done closes the panel and shows addedText, cancel only closes it. */
  children: (close: { done: () => void; cancel: () => void }) => ReactNode;
};

/** NewItemPanel is the collapsible "new item" section of the teacher's courses
 * and materials: a heading button that discloses the form, and the added notice. */
export function NewItemPanel({ title, addedText, children }: NewItemPanelProps) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useFlash<boolean>();
  const panelId = useId();
  return (
    <section className="rounded-2xl border border-line bg-surface shadow-sm">
      <h2 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen((o) => !o);
            setAdded(null);
          }}
          className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-5 py-3 text-start text-base font-semibold transition-colors hover:bg-surface-2"
        >
          <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-on-primary" aria-hidden>
            <Plus className="size-5" />
          </span>
          <span className="flex-1">{title}</span>
          <ChevronDown className={cn('size-5 text-muted transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h2>
      {added && !open && (
        <div className="px-5 pb-4">
          <Alert tone="success">{addedText}</Alert>
        </div>
      )}
      <div id={panelId} hidden={!open} className="border-t border-line px-5 py-5">
        {open &&
          children({
            done: () => {
              setOpen(false);
              setAdded(true);
            },
            cancel: () => setOpen(false),
          })}
      </div>
    </section>
  );
}
