import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button, IconButton } from './button';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The accessible name of the close button (callers pass their own words). */
  closeLabel: string;
  children: ReactNode;
  /** Buttons at the bottom, laid out at the end edge. */
  footer?: ReactNode;
  className?: string;
};

/** Modal is a centred dialog (Radix): it traps focus, closes on Escape and
 * outside click, returns focus to what opened it, and follows the reading
 * direction. Tall content scrolls inside it. */
export function Modal({ open, onOpenChange, title, description, closeLabel, children, footer, className }: ModalProps) {
  const { i18n } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="z-fade fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          dir={i18n.dir()}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'z-fade fixed left-1/2 top-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface text-fg shadow-xl focus:outline-none -translate-x-1/2',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close asChild>
              <IconButton label={closeLabel} className="-me-2 -mt-1 shrink-0">
                <X className="size-5" aria-hidden />
              </IconButton>
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** danger for destructive actions. */
  tone?: 'primary' | 'danger';
  loading?: boolean;
  /** An error to show inside the dialog (the action failed). */
  error?: ReactNode;
};

/** ConfirmDialog asks before an action; the cancel button has the focus first,
 * so Enter never confirms a destructive action by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'primary',
  loading = false,
  error,
}: ConfirmDialogProps) {
  const { i18n } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => !loading && onOpenChange(o)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="z-fade fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          role="alertdialog"
          dir={i18n.dir()}
          {...(body ? {} : { 'aria-describedby': undefined })}
          className="z-fade fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 rounded-2xl border border-line bg-surface p-5 text-fg shadow-xl focus:outline-none -translate-x-1/2"
        >
          <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
          {body && <RadixDialog.Description className="mt-2 text-sm text-muted">{body}</RadixDialog.Description>}
          {error && (
            <div role="alert" className="mt-3 rounded-lg border border-danger/30 bg-danger-bg px-3 py-2 text-sm text-danger">
              {error}
            </div>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <RadixDialog.Close asChild>
              <Button variant="secondary" disabled={loading}>
                {cancelLabel}
              </Button>
            </RadixDialog.Close>
            <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={loading} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
