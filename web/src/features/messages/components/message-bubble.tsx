import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, CheckCheck, Clock, FileText, RotateCw, Trash2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatFileSize, formatTime } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { PendingMessage } from '../pending';
import { isImage, type Attachment } from '../types';
import { MessageText } from './message-text';

/** ShownFile is a saved message's file, or one still on its way (any type the browser names, no url). */
type ShownFile = Omit<Attachment, 'type'> & { type: string };

type BubbleProps = {
  content: string;
  timestamp: string;
  mine: boolean;
  /** A file sent with the message; a pending one has no url yet. */
  attachment?: ShownFile | null;
  /** The reader's own newest message the other side has read: "read" shows under it. */
  read?: boolean;
  /** Called when its image has loaded (the message grew). */
  onMediaLoad?: () => void;
  /** An optimistic message: sending (dimmed) or failed (flagged, with retry). */
  pending?: PendingMessage;
  onRetry?: () => void;
  onDiscard?: () => void;
};

/** MessageBubble is one message: the reader's own at the end edge, the other
 * side's at the start edge, with its 24-hour time, its image shown or its PDF
 * to download, and "read" under the sender's last message the other side has read. */
export const MessageBubble = memo(function MessageBubble({ content, timestamp, mine, attachment, read, onMediaLoad, pending, onRetry, onDiscard }: BubbleProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const sending = pending?.status === 'sending';
  const failed = pending?.status === 'failed';
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')} aria-busy={sending || undefined}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[75%]',
          mine ? 'rounded-ee-md bg-primary text-on-primary' : 'rounded-es-md bg-surface-2 text-fg',
          sending && 'opacity-60',
          failed && 'ring-2 ring-danger',
        )}
      >
        {attachment && <AttachmentView attachment={attachment} mine={mine} onLoad={onMediaLoad} />}
        {content !== '' && <MessageText text={content} className="text-[0.95rem] leading-relaxed" />}
        <div className={cn('mt-1 flex items-center justify-end gap-1 text-[0.7rem]', mine ? 'text-on-primary/80' : 'text-muted')}>
          {sending && (
            <>
              <Clock className="size-3" aria-hidden />
              <span className="sr-only">{t('messages.sending')}</span>
            </>
          )}
          <time dateTime={timestamp}>{formatTime(timestamp, lang)}</time>
        </div>
      </div>
      {read && (
        <p className="mt-0.5 inline-flex items-center gap-1 text-[0.7rem] text-muted" data-testid="read-receipt">
          <CheckCheck className="size-3.5" aria-hidden />
          {t('messages.read')}
        </p>
      )}
      {failed && (
        <div role="alert" className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 gap-y-1 text-xs text-danger sm:max-w-[75%]">
          <AlertCircle className="size-4 shrink-0" aria-hidden />
          <span className="font-semibold">{t('messages.failed')}</span>
          {pending?.error && pending.error !== t('messages.failed') && <span className="break-words">{pending.error}</span>}
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-medium underline-offset-2 hover:underline"
          >
            <RotateCw className="size-3.5" aria-hidden />
            {t('messages.retry')}
          </button>
          <button
            type="button"
            onClick={onDiscard}
            className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-medium text-muted underline-offset-2 hover:underline"
          >
            <Trash2 className="size-3.5" aria-hidden />
            {t('messages.discard')}
          </button>
        </div>
      )}
    </li>
  );
});

/** AttachmentView is a message's file: an image inline (a link to it in full
 * size), a PDF as a link to download it; a file still on its way by name. */
function AttachmentView({ attachment: a, mine, onLoad }: { attachment: ShownFile; mine: boolean; onLoad?: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (a.url && isImage(a)) {
    return (
      <a href={a.url} target="_blank" rel="noopener noreferrer" className="-mx-1.5 mb-1 block">
        <img src={a.url} alt={a.name} loading="lazy" onLoad={onLoad} className="max-h-72 w-auto max-w-full rounded-xl object-contain" />
        <span className="sr-only">{t('messages.attachment.openImage')}</span>
      </a>
    );
  }
  const body = (
    <>
      <FileText className="size-5 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">
        <bdi className="block truncate font-medium">{a.name}</bdi>
        <span className={cn('block text-xs', mine ? 'text-on-primary/80' : 'text-muted')}>{formatFileSize(a.size, lang)}</span>
      </span>
    </>
  );
  const box = cn('mb-1 flex min-w-48 max-w-full items-center gap-2 rounded-xl px-3 py-2', mine ? 'bg-black/15' : 'bg-surface');
  if (!a.url) return <div className={box}>{body}</div>;
  return (
    <a href={a.url} download={a.name} target="_blank" rel="noopener noreferrer" className={cn(box, 'underline-offset-2 hover:underline')}>
      {body}
      <span className="sr-only">{t('messages.attachment.download')}</span>
    </a>
  );
}
