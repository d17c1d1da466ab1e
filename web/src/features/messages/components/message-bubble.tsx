import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, Clock, RotateCw, Trash2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { PendingMessage } from '../pending';
import { MessageText } from './message-text';

type BubbleProps = {
  content: string;
  timestamp: string;
  mine: boolean;
  /** An optimistic message: sending (dimmed) or failed (flagged, with retry). */
  pending?: PendingMessage;
  onRetry?: () => void;
  onDiscard?: () => void;
};

/** MessageBubble is one message: the reader's own at the end edge, the other
 * side's at the start edge, with its 24-hour time. */
export const MessageBubble = memo(function MessageBubble({ content, timestamp, mine, pending, onRetry, onDiscard }: BubbleProps) {
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
        <MessageText text={content} className="text-[0.95rem] leading-relaxed" />
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
