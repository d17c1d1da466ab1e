import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Option<V extends string> = { value: V; label: ReactNode };

type TabsProps<V extends string> = {
  options: ReadonlyArray<Option<V>>;
  value: V;
  onChange: (v: V) => void;
  label: string;
  /** id of the panel the tabs control; each tab's id is `${idPrefix}-${value}`. */
  panelId: string;
  idPrefix: string;
  /** className lays the tabs out: two equal halves unless given. A label can
   * style itself by its tab's state with `group-aria-selected:`. */
  className?: string;
};

/** Tabs is a tab list controlling one panel. Arrow keys, Home and End move
 * between tabs (mirrored in RTL); the selected tab is the only one in the tab
 * order. */
export function Tabs<V extends string>({ options, value, onChange, label, panelId, idPrefix, className = 'grid grid-cols-2' }: TabsProps<V>) {
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
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={cn('gap-1 rounded-xl bg-surface-2 p-1', className)}>
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
              'group flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
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
