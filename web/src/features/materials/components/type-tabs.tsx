import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Option<V extends string> = { value: V; label: ReactNode };

/** TypeTabs is a row of filter tabs controlling one panel. Arrow keys (mirrored
 * in RTL), Home and End move between them; only the selected one is in the tab order. */
export function TypeTabs<V extends string>({
  options,
  value,
  onChange,
  label,
  panelId,
  idPrefix,
}: {
  options: ReadonlyArray<Option<V>>;
  value: V;
  onChange: (v: V) => void;
  label: string;
  panelId: string;
  idPrefix: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = options.findIndex((o) => o.value === value);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    let next: number;
    if (e.key === 'ArrowRight') next = rtl ? i - 1 : i + 1;
    else if (e.key === 'ArrowLeft') next = rtl ? i + 1 : i - 1;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = options.length - 1;
    else return;
    e.preventDefault();
    next = (next + options.length) % options.length;
    onChange(options[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-surface-2 p-1">
      {options.map((o, i) => {
        const selected = o.value === value;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${idPrefix}-${o.value}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(o.value)}
            className={cn(
              'min-h-10 shrink-0 rounded-lg px-4 py-2 text-sm font-medium transition-colors',
              selected ? 'bg-primary text-on-primary shadow-sm' : 'text-muted hover:bg-surface hover:text-fg',
            )}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
