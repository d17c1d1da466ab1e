import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { chatTime } from '../format';
import type { Chat } from '../types';
import { ChatAvatar } from './chat-avatar';

/** ChatSummary is a chat as lists show it: the other side's photo and name,
 * the time and text of the last message, and the unread count. */
export function ChatSummary({ chat, me, unread }: { chat: Chat; me: number; unread: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = chat.participant.name || chat.participant.username;
  const last = chat.last_message;
  // A file sent without words is named instead.
  const lastText = last ? last.content || (last.attachment ? t('messages.attachment.preview', { name: last.attachment.name }) : '') : '';
  return (
    <>
      <ChatAvatar name={name} photo={chat.participant.photo} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unread > 0 ? 'font-bold' : 'font-medium')}>{name}</span>
          {last && (
            <time dateTime={last.timestamp} className="shrink-0 text-xs text-muted">
              {chatTime(last.timestamp, lang)}
            </time>
          )}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span dir="auto" className={cn('truncate text-sm', unread > 0 ? 'text-fg' : 'text-muted')}>
            {last
              ? last.sender === me
                ? t('messages.youPrefix', { text: lastText })
                : lastText
              : t('messages.noMessagePreview')}
          </span>
          {unread > 0 && (
            <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold leading-5 text-on-primary">
              <span aria-hidden>{formatNumber(unread, lang)}</span>
              <span className="sr-only">{t('messages.unreadCount', { n: formatNumber(unread, lang) })}</span>
            </span>
          )}
        </span>
      </span>
    </>
  );
}
