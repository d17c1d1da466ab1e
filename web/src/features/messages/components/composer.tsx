import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, ImageIcon, Paperclip, SendHorizontal, X } from 'lucide-react';
import { IconButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { ATTACHMENT_RULE, checkFile, MB } from '@/lib/files';
import { formatFileSize, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';

/** The server's limit on a message (decisions: 1 to 4000 characters). */
export const MAX_MESSAGE = 4000;

type ComposerProps = {
  /** The open chat; without one nothing can be sent. */
  chatId: number | null;
  /** A message of this chat is on its way. */
  sending: boolean;
  /** Sends trimmed content (empty only with a file) and the chosen file, if any. */
  onSend: (content: string, file: File | null) => void;
};

/** Composer is the message field: Enter sends, Shift+Enter breaks the line;
 * the paperclip adds an image or a PDF (checked here: type and 10 MB). The
 * send button is disabled with neither text nor file, while sending, or with no chat. */
export function Composer({ chatId, sending, onSend }: ComposerProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const content = text.trim();
  const length = Array.from(content).length;
  const tooLong = length > MAX_MESSAGE;
  const disabled = !chatId || sending || (content === '' && !file) || tooLong;

  const pick = (chosen: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (!chosen) return;
    const problem = checkFile(chosen, ATTACHMENT_RULE);
    if (problem) {
      setError(
        problem === 'type'
          ? t('messages.attachment.badType')
          : t('messages.attachment.tooBig', { max: formatNumber(ATTACHMENT_RULE.maxBytes / MB, lang) }),
      );
      return;
    }
    setError(null);
    setFile(chosen);
    field.current?.focus();
  };

  const submit = () => {
    if (!chatId) {
      setError(t('messages.errors.noChat'));
      return;
    }
    if (content === '' && !file) {
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
    setFile(null);
    onSend(content, file);
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
      {file && (
        <div className="mb-2 flex items-center gap-2 rounded-lg border border-line bg-surface-2 px-3 py-1.5 text-sm">
          {file.type.startsWith('image/') ? (
            <ImageIcon className="size-4 shrink-0 text-muted" aria-hidden />
          ) : (
            <FileText className="size-4 shrink-0 text-muted" aria-hidden />
          )}
          <bdi className="min-w-0 flex-1 truncate">{file.name}</bdi>
          <span className="shrink-0 text-xs text-muted">{formatFileSize(file.size, lang)}</span>
          <IconButton label={t('messages.attachment.remove', { name: file.name })} onClick={() => setFile(null)} className="-me-2 size-8">
            <X className="size-4" aria-hidden />
          </IconButton>
        </div>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={picker}
          type="file"
          accept={ATTACHMENT_RULE.accept}
          className="hidden"
          tabIndex={-1}
          aria-hidden
          data-testid="attachment-input"
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <IconButton
          label={t('messages.attachment.add')}
          disabled={!chatId}
          onClick={() => picker.current?.click()}
          className="size-11 shrink-0 disabled:opacity-60"
        >
          <Paperclip className="size-5" aria-hidden />
        </IconButton>
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
