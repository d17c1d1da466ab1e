import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-hover disabled:opacity-60',
  secondary: 'border border-line bg-surface text-fg hover:bg-surface-2 disabled:opacity-60',
  ghost: 'text-fg hover:bg-surface-2 disabled:opacity-60',
  danger: 'bg-danger-bg text-danger hover:opacity-90 disabled:opacity-60',
};

export type ButtonProps = ComponentProps<'button'> & {
  variant?: Variant;
  loading?: boolean;
};

/** Button is the one button of the app; `loading` shows a spinner and disables it. */
export function Button({ variant = 'primary', loading = false, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed',
        variants[variant],
        className,
      )}
      {...rest}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

/** IconButton is a square button with only an icon; `label` is its accessible name. */
export function IconButton({ label, className, children, ...rest }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-lg text-fg transition-colors hover:bg-surface-2',
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}
