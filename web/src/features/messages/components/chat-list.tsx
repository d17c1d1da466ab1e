import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessageSquarePlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import type { Chat } from '../types';
import { ChatSummary } from './chat-summary';

type ChatListProps = {
  chats: Chat[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  selectedId: number | null;
  /** The chat open on screen: its messages are being read, so it shows no unread count. */
  activeId: number | null;
  me: number;
  role: 'student' | 'teacher';
  onNewChat: () => void;
  /** The address of a chat. */
  chatHref: (id: number) => string;
};

/** ChatList is the reader's chats, newest activity first, each with the other
 * side's photo and name, the last message and its time, and the unread count. */
export function ChatList({ chats, isPending, error, onRetry, selectedId, activeId, me, role, onNewChat, chatHref }: ChatListProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 className="text-base font-semibold">{t('messages.chats')}</h2>
        <Button variant="secondary" className="min-h-10 px-3" onClick={onNewChat}>
          <MessageSquarePlus className="size-4" aria-hidden />
          {t('messages.newChat')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {isPending && (
          <div className="flex justify-center p-6">
            <Spinner label={t('common.loading')} />
          </div>
        )}
        {!isPending && error != null && !chats && (
          <div className="p-4">
            <ErrorBanner onRetry={onRetry}>{errorText(error, t, 'messages.loadChatsFailed')}</ErrorBanner>
          </div>
        )}
        {chats && chats.length === 0 && (
          <div className="space-y-3 p-6 text-center">
            <p className="font-medium">{t('messages.emptyChats')}</p>
            <p className="text-sm text-muted">
              {role === 'teacher' ? t('messages.emptyChatsTeacher') : t('messages.emptyChatsStudent')}
            </p>
            <Button onClick={onNewChat}>{t('messages.startChat')}</Button>
          </div>
        )}
        {chats && chats.length > 0 && (
          <ul aria-label={t('messages.chatsLabel')}>
            {chats.map((c) => {
              const selected = c.id === selectedId;
              const unread = c.id === activeId ? 0 : c.unread;
              return (
                <li key={c.id}>
                  <Link
                    to={chatHref(c.id)}
                    state={{ fromList: true }}
                    aria-current={selected ? 'true' : undefined}
                    className={cn(
                      'flex items-center gap-3 border-b border-line/60 px-4 py-3 transition-colors',
                      selected ? 'bg-surface-2' : 'hover:bg-surface-2/60',
                    )}
                  >
                    <ChatSummary chat={c} me={me} unread={unread} />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
