import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type SwitchProps = Omit<ComponentProps<'input'>, 'type' | 'role' | 'onChange'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** label is the switch's accessible name when no <label> names it. */
  label?: string;
};

/** Switch is an on/off setting: a checkbox with the switch role, drawn as a
 * track whose knob moves to the end edge when on (mirrored in RTL). The
 * input lies over the drawing, so a click or a tap anywhere on it counts. */
export function Switch({ checked, onCheckedChange, label, className, ...rest }: SwitchProps) {
  return (
    <span className={cn('relative inline-flex h-6 w-11 shrink-0', className)}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-label={label}
        onChange={(e) => onCheckedChange(e.target.checked)}
        className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        {...rest}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute inset-0 rounded-full border border-line bg-surface-2 transition-colors peer-checked:border-primary peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:opacity-50"
      />
      <span
        aria-hidden
        className="pointer-events-none absolute start-1 top-1 size-4 rounded-full bg-muted transition-transform peer-checked:translate-x-5 peer-checked:bg-on-primary rtl:peer-checked:-translate-x-5"
      />
    </span>
  );
}
