import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { errorText } from '@/lib/api/error-text';
import { ApiError } from '@/lib/api/errors';
import type { TKey } from '@/lib/i18n/keys';

/** useAction runs an operator's action for a dialog: while it runs, and what
 * the server said when it refused: messages of the dialog's own fields go next
 * to them, anything else (a 409's detail, another field) above the buttons. */
export function useAction(fields: readonly string[], fallback: TKey = 'admin.actionFailed') {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      await action();
      return true;
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        const mine: Record<string, string> = {};
        const rest: string[] = [];
        for (const [name, messages] of Object.entries(err.fields)) {
          if (fields.includes(name)) mine[name] = messages.join(' ');
          else rest.push(...messages);
        }
        setFieldErrors(mine);
        if (rest.length > 0) setError(rest.join(' '));
      } else {
        setError(errorText(err, t, fallback));
      }
      return false;
    } finally {
      setPending(false);
    }
  };
  return {
    pending,
    error,
    fieldError: (name: string) => fieldErrors[name],
    /** check shows the dialog's own checks of its fields (a message where one
     * is wrong) and reports whether all passed. */
    check: (problems: Record<string, string | false>): boolean => {
      const found = Object.fromEntries(Object.entries(problems).filter((e): e is [string, string] => e[1] !== false));
      setFieldErrors(found);
      setError(null);
      return Object.keys(found).length === 0;
    },
    run,
  };
}

type ActionDialogProps = {
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
};

/** ActionDialog is the frame of every operator action that asks for more
 * than a yes: its fields, the server's refusal, cancel and confirm. */
export function ActionDialog({ title, description, confirmLabel, tone = 'primary', pending, error, onClose, onSubmit, children }: ActionDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={title}
      description={description}
      closeLabel={t('admin.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={tone === 'danger' ? 'danger' : 'primary'} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {children}
        <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
      </form>
    </Modal>
  );
}

type ReasonDialogProps = {
  title: string;
  description?: ReactNode;
  /** The field's label; "Reason" unless given. */
  label?: string;
  hint?: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** The field's name in the server's answers: reason (the default), reference or note. */
  field?: 'reason' | 'reference' | 'note';
  /** A short one-line value (a bank reference) rather than a text. */
  short?: boolean;
  onClose: () => void;
  /** onSubmit performs the action with the typed value; the dialog closes when it succeeds. */
  onSubmit: (value: string) => Promise<unknown>;
};

/** ReasonDialog asks for the one required text an action takes (a reason,
 * a bank reference) and shows the server's messages when it refuses. */
export function ReasonDialog({ title, description, label, hint, confirmLabel, tone, field = 'reason', short = false, onClose, onSubmit }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const action = useAction([field]);
  const submit = () => {
    const v = value.trim();
    if (!action.check({ [field]: v === '' && t(field === 'reference' ? 'admin.referenceRequired' : 'admin.reasonRequired') })) return;
    void action.run(() => onSubmit(v)).then((ok) => ok && onClose());
  };
  const props = {
    label: label ?? t('admin.reason'),
    hint,
    required: true,
    value,
    error: action.fieldError(field),
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
  };
  return (
    <ActionDialog title={title} description={description} confirmLabel={confirmLabel} tone={tone} pending={action.pending} error={action.error} onClose={onClose} onSubmit={submit}>
      {short ? <TextField {...props} dir="ltr" autoComplete="off" autoFocus /> : <TextArea {...props} maxLength={1000} autoFocus />}
    </ActionDialog>
  );
}
