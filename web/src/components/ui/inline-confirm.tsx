import { Button } from './button';

type InlineConfirmProps = {
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  /** error is why the last attempt failed, if it did. */
  error?: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** InlineConfirm asks, inside a card, whether to go on with a destructive
 * action (a delete), showing why the last attempt failed. */
export function InlineConfirm({ question, confirmLabel, cancelLabel, error, pending, onConfirm, onCancel }: InlineConfirmProps) {
  return (
    <div role="group" aria-label={question} className="mt-3 rounded-xl bg-danger-bg p-3 text-sm">
      <p className="font-medium text-danger">{question}</p>
      {error && <p className="mt-1 text-danger">{error}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="danger" className="border border-danger/40" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
