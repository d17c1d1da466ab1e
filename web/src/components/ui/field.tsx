import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '@/lib/cn';

const control =
  'block w-full rounded-lg border bg-surface px-3 py-2.5 text-base text-fg placeholder:text-muted/80 transition-colors focus:border-ring focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 disabled:opacity-60';

type FieldShellProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
  className?: string;
};

/** FieldShell lays out a label, a control, a hint and an error, linked for assistive technology. */
function FieldShell({ id, label, error, hint, optional, children, className }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
        {optional && <span className="ms-1 font-normal text-muted">({t('common.optional')})</span>}
      </label>
      {children}
      {hint && !error && (
        <div id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

type TextFieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  /** An element at the end of the input, such as a button. */
  end?: ReactNode;
  wrapperClassName?: string;
};

/** TextField is a labelled input with hint and error text. */
export function TextField({ id: givenId, label, error, hint, optional, end, wrapperClassName, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional} className={wrapperClassName}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cn(control, error ? 'border-danger' : 'border-line', end ? 'pe-12' : undefined, className)}
          {...rest}
        />
        {end && <div className="absolute inset-y-0 end-0 flex items-center pe-1">{end}</div>}
      </div>
    </FieldShell>
  );
}

/** PasswordField is a TextField with a show/hide button. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const label = shown ? t('common.hidePassword') : t('common.showPassword');
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={label}
          aria-pressed={shown}
          title={label}
          className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:text-fg"
        >
          {shown ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
        </button>
      }
    />
  );
}

type TextAreaProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
};

/** TextArea is a labelled multi-line field. What people write there (a bio,
 * a review, a note) may be in either language, so it takes the direction of
 * its first letter (dir="auto"). */
export function TextArea({ label, error, hint, optional, className, ...rest }: TextAreaProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        dir="auto"
        className={cn(control, 'min-h-28 resize-y', error ? 'border-danger' : 'border-line', className)}
        {...rest}
      />
    </FieldShell>
  );
}

/** Checkbox is a labelled checkbox. */
export function Checkbox({ label, className, ...rest }: Omit<ComponentProps<'input'>, 'type' | 'id'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input id={id} type="checkbox" className="size-4 rounded accent-primary" {...rest} />
      <label htmlFor={id} className="text-sm text-fg">
        {label}
      </label>
    </div>
  );
}
