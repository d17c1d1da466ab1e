import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type SegmentedChoiceProps<V extends string> = {
  /** Names the choice for assistive technology ("Log in as"). */
  legend: string;
  options: ReadonlyArray<{ value: V; label: ReactNode }>;
  value: V;
  onChange: (v: V) => void;
  className?: string;
};

/** SegmentedChoice is a choice of one of a few values that changes what the
 * form below means (the login's entrance), drawn as the tab row is drawn. It
 * is a native radio group: the arrows move and select (mirrored in RTL), Tab
 * enters on the chosen one. Unlike Tabs it needs no script library, which
 * keeps the first page (the login) light. */
export function SegmentedChoice<V extends string>({ legend, options, value, onChange, className = 'grid grid-cols-2' }: SegmentedChoiceProps<V>) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className={cn('gap-1 rounded-xl bg-surface-2 p-1', className)}>
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              o.value === value ? 'bg-primary text-on-primary shadow-sm' : 'text-muted hover:bg-surface hover:text-fg',
            )}
          >
            <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} className="sr-only" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
