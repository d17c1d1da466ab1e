import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHorizontal } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';

/** The server's limit on a message (decisions: 1 to 4000 characters). */
export const MAX_MESSAGE = 4000;

type ComposerProps = {
  /** The open chat; without one nothing can be sent. */
  chatId: number | null;
  /** A message of this chat is on its way. */
  sending: boolean;
  /** Sends trimmed, non-empty content. */
  onSend: (content: string) => void;
};

/** Composer is the message field: Enter sends, Shift+Enter breaks the line.
 * The send button is disabled when the text is empty, while sending, or with no chat. */
export function Composer({ chatId, sending, onSend }: ComposerProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const content = text.trim();
  const length = Array.from(content).length;
  const tooLong = length > MAX_MESSAGE;
  const disabled = !chatId || sending || content === '' || tooLong;

  const submit = () => {
    if (!chatId) {
      setError(t('messages.errors.noChat'));
      return;
    }
    if (content === '') {
      setError(t('messages.errors.empty'));
      return;
    }
    if (tooLong) {
      setError(t('messages.errors.tooLong', { max: formatNumber(MAX_MESSAGE, lang) }));
      return;
    }
    if (sending) return;
    setError(null);
    setText('');
    onSend(content);
    field.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  const left = MAX_MESSAGE - length;
  return (
    <form onSubmit={onSubmit} noValidate className="border-t border-line p-3">
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {t('messages.messageLabel')}
        </label>
        <textarea
          ref={field}
          id={id}
          rows={1}
          dir="auto"
          value={text}
          disabled={!chatId}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('messages.placeholder')}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          enterKeyHint="send"
          className={cn(
            'block max-h-40 min-h-11 w-full resize-none rounded-lg border bg-surface px-3 py-2.5 text-base text-fg [field-sizing:content] placeholder:text-muted/80 focus:border-ring focus:outline-none disabled:opacity-60',
            error || tooLong ? 'border-danger' : 'border-line',
          )}
        />
        <button
          type="submit"
          disabled={disabled}
          aria-label={t('messages.send')}
          title={t('messages.send')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-on-primary transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? <Spinner className="size-5" /> : <SendHorizontal className="size-5 rtl:-scale-x-100" aria-hidden />}
        </button>
      </div>
      <div className="mt-1 flex items-start justify-between gap-2 text-xs">
        <p id={`${id}-hint`} className="text-muted max-sm:sr-only">
          {t('messages.composerHint')}
        </p>
        {left < 200 && (
          <p className={cn('shrink-0', tooLong ? 'text-danger' : 'text-muted')} aria-live="polite">
            {t('messages.charsLeft', { n: formatNumber(left, lang) })}
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
