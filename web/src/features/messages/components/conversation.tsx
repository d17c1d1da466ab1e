import { Fragment, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, WifiOff } from 'lucide-react';
import { Button, IconButton } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { useLiveStatus } from '@/lib/events-provider';
import { useLang } from '@/lib/i18n/use-lang';
import { useMessages } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { dayLabel, sameDay } from '../format';
import { lastReadOf } from '../messages-cache';
import { useRegisterActiveChat, usePageVisible } from '../hooks/active-chat';
import { visiblePending, type PendingMessage } from '../pending';
import type { Chat } from '../types';
import { ChatAvatar } from './chat-avatar';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

type ConversationProps = {
  chatId: number;
  /** The chat from the list, once it is loaded. */
  chat: Chat | undefined;
  me: number;
  pending: PendingMessage[];
  onSend: (content: string, file: File | null) => void;
  onRetry: (p: PendingMessage) => void;
  onDiscard: (p: PendingMessage) => void;
  onBack: () => void;
};

// Within this distance of the bottom, new messages keep the view at the bottom.
const NEAR_BOTTOM = 120;
// Within this distance of the top, older messages are loaded.
const NEAR_TOP = 80;

/** Conversation is an open chat: its header, its messages (older ones load
 * when scrolling up) and the composer. Its new messages are marked read
 * while it is on screen. */
export function Conversation({ chatId, chat, me, pending, onSend, onRetry, onDiscard, onBack }: ConversationProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const live = useLiveStatus() === 'open';
  const visible = usePageVisible();
  const q = useMessages(chatId);
  const saved = q.data?.messages;
  const shownPending = visiblePending(saved ?? [], pending, me);
  const sending = pending.some((p) => p.status === 'sending');
  const name = chat ? chat.participant.name || chat.participant.username : '';

  useRegisterActiveChat(chatId, visible);

  // Mark the chat read when it opens, and again as the other side's messages arrive.
  const markRead = useMarkRead();
  const lastMarked = useRef(0);
  const marking = useRef(false);
  const newestOther = saved ? [...saved].reverse().find((m) => m.sender !== me) : undefined;
  const unread = chat?.unread ?? 0;
  useEffect(() => {
    if (!visible || !saved) return;
    const newest = newestOther?.id ?? 0;
    // A list read before the mark landed may still count the chat unread: one mark at a time.
    if (newest > lastMarked.current || (unread > 0 && !marking.current)) {
      lastMarked.current = Math.max(lastMarked.current, newest);
      marking.current = true;
      markRead.mutate(chatId, {
        onSettled: () => {
          marking.current = false;
        },
      });
    }
    // markRead is stable enough: its mutate identity does not matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chatId, visible, unread, newestOther?.id, saved !== undefined]);

  // Scrolling: start at the bottom, follow new messages when near the bottom,
  // and keep the view still when older messages are put above it.
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const prev = useRef<{ first?: number; last?: number; height: number; pending: number }>({ height: 0, pending: 0 });
  const first = saved?.[0]?.id;
  const last = saved?.[saved.length - 1]?.id;
  const lastMine = saved?.[saved.length - 1]?.sender === me;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !saved) return;
    const p = prev.current;
    if (p.first !== undefined && first !== undefined && first < p.first && last === p.last) {
      el.scrollTop += el.scrollHeight - p.height;
    } else if (p.last === undefined || nearBottom.current || shownPending.length > p.pending || (last !== p.last && lastMine)) {
      el.scrollTop = el.scrollHeight;
    }
    prev.current = { first, last, height: el.scrollHeight, pending: shownPending.length };
  }, [saved, first, last, lastMine, shownPending.length]);

  // The sender's "read" goes under their newest message the other side has read.
  const lastRead = saved ? lastReadOf(saved, me, chat?.other_read_id ?? 0) : null;

  // An image grows its message when it loads: a view at the bottom stays there.
  const onMediaLoad = useCallback(() => {
    const el = scroller.current;
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight;
  }, []);

  const { loadOlder, loadingOlder, olderError } = q;
  const hasOlder = q.data?.hasOlder ?? false;
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
    if (el.scrollTop < NEAR_TOP && hasOlder && !loadingOlder && !olderError) void loadOlder();
  };

  const words = { today: t('messages.today'), yesterday: t('messages.yesterday') };
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-3 border-b border-line px-3 py-2.5 sm:px-4">
        <IconButton label={t('messages.back')} onClick={onBack} className="lg:hidden">
          <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
        </IconButton>
        {chat ? (
          <>
            <ChatAvatar name={name} photo={chat.participant.photo} />
            <div className="min-w-0 flex-1">
              <h2 className="truncate font-semibold">{name}</h2>
              <p className="truncate text-xs text-muted">
                {t(chat.participant.role === 'teacher' ? 'roles.teacher' : 'roles.student')}
              </p>
            </div>
          </>
        ) : (
          <div className="flex-1" />
        )}
        {!live && (
          <span className="inline-flex items-center gap-1 text-xs text-muted" title={t('messages.reconnecting')}>
            <WifiOff className="size-4" aria-hidden />
            <span className="max-sm:sr-only">{t('messages.reconnectingShort')}</span>
          </span>
        )}
      </div>

      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={name ? t('messages.log', { name }) : t('pages.messages')}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 [overflow-anchor:none] focus-visible:outline-offset-[-2px] sm:px-4"
      >
        {q.isPending && (
          <div className="flex justify-center p-6">
            <Spinner label={t('common.loading')} />
          </div>
        )}
        {q.isError && !saved && (
          <ErrorBanner onRetry={() => void q.refetch()}>{errorText(q.error, t, 'messages.loadMessagesFailed')}</ErrorBanner>
        )}
        {saved && (
          <>
            {hasOlder && (
              <div className="mb-3 flex flex-col items-center gap-2">
                {olderError != null && (
                  <p role="alert" className="text-sm text-danger">
                    {errorText(olderError, t, 'messages.loadOlderFailed')}
                  </p>
                )}
                <Button variant="ghost" className="min-h-9 text-xs" loading={loadingOlder} onClick={() => void loadOlder()}>
                  {t('messages.loadOlder')}
                </Button>
              </div>
            )}
            {saved.length === 0 && shownPending.length === 0 && (
              <p className="py-10 text-center text-sm text-muted">{t('messages.noMessagesYet')}</p>
            )}
            <ol className="space-y-2">
              {saved.map((m, i) => {
                const prevM = saved[i - 1];
                const newDay = !prevM || !sameDay(prevM.timestamp, m.timestamp);
                return (
                  <Fragment key={m.id}>
                    {newDay && <DayDivider label={dayLabel(m.timestamp, lang, words)} />}
                    <MessageBubble
                      content={m.content}
                      timestamp={m.timestamp}
                      mine={m.sender === me}
                      attachment={m.attachment ?? null}
                      read={m.id === lastRead}
                      onMediaLoad={onMediaLoad}
                    />
                  </Fragment>
                );
              })}
              {shownPending.map((p) => (
                <MessageBubble
                  key={p.key}
                  content={p.content}
                  timestamp={p.createdAt}
                  mine
                  attachment={p.file && { name: p.file.name, type: p.file.type, size: p.file.size, url: '' }}
                  pending={p}
                  onRetry={() => onRetry(p)}
                  onDiscard={() => onDiscard(p)}
                />
              ))}
            </ol>
          </>
        )}
      </div>

      <Composer chatId={chatId} sending={sending} onSend={onSend} />
    </div>
  );
}

function DayDivider({ label }: { label: string }) {
  return (
    <li className="flex justify-center py-2">
      <span className="rounded-full bg-surface-2 px-3 py-0.5 text-xs text-muted">{label}</span>
    </li>
  );
}
