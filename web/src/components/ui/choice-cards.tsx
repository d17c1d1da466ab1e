import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type ChoiceCardsProps<T extends string> = {
  legend: string;
  /** Hide the legend where a heading above already names the choice. */
  legendHidden?: boolean;
  options: ReadonlyArray<{ value: T; label: ReactNode; hint?: string; lang?: string }>;
  value: T | null;
  onChange: (v: T) => void;
  error?: string;
};

/** ChoiceCards is a radio group drawn as cards: arrow keys move between them. */
export function ChoiceCards<T extends string>({ legend, legendHidden = false, options, value, onChange, error }: ChoiceCardsProps<T>) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={legendHidden ? 'sr-only' : 'mb-2 text-sm font-medium'}>{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === o.value ? 'border-primary bg-info-bg' : 'border-line bg-surface hover:bg-surface-2',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="size-4 shrink-0 accent-primary"
            />
            <span lang={o.lang}>
              <span className="block font-medium">{o.label}</span>
              {o.hint && <span className="block text-xs text-muted">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
