import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type ToggleChipProps = Omit<ComponentProps<'button'>, 'type' | 'onClick'> & {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
};

/** ToggleChip is an on/off choice among others (a day, a part of the day, a
 * filter): a rounded button that says its state with aria-pressed. */
export function ToggleChip({ pressed, onPressedChange, className, children, ...rest }: ToggleChipProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onPressedChange(!pressed)}
      className={cn(chipClass(pressed), className)}
      {...rest}
    >
      {children}
    </button>
  );
}

/** chipClass draws a chip, on or off; a chip that opens a panel (with
 * aria-expanded rather than aria-pressed) is drawn with it too. */
export function chipClass(on: boolean): string {
  return cn(
    'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    on ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface hover:bg-surface-2',
  );
}
