import { useCallback, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagesSquare } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/cn';
import { useChats } from '../api/get-chats';
import { messagesQueryKey } from '../api/get-messages';
import { useSendMessage } from '../api/send-message';
import { useActiveChatId } from '../hooks/active-chat';
import { useMessagesLiveSync } from '../hooks/use-messages-live';
import type { MessagePage } from '../messages-cache';
import { pendingKey, pendingReducer, type PendingMessage } from '../pending';
import type { Chat } from '../types';
import { ChatList } from './chat-list';
import { Conversation } from './conversation';
import { NewChatDialog } from './new-chat-dialog';

/** MessagesPage is the Messages screen of both roles: the chat list and the
 * open conversation side by side from 1024 px, one at a time below it. The
 * open chat is in the address (?chat=id), so links and the back button work. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const role = user?.role === 'teacher' ? 'teacher' : 'student';
  const me = Number(user?.id ?? 0);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const chatParam = Number(params.get('chat'));
  const chatId = Number.isInteger(chatParam) && chatParam > 0 ? chatParam : null;

  useMessagesLiveSync();
  const chats = useChats();
  const activeId = useActiveChatId();
  const chat = chats.data?.find((c) => c.id === chatId);

  const newChatOpen = params.get('new') === '1';
  const setNewChatOpen = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set('new', '1');
    else next.delete('new');
    setParams(next, { replace: true });
  };
  const onCreated = (c: Chat) => {
    // The dialog's entry is replaced: going back from the chat leads to the list, not to the dialog.
    navigate(`${location.pathname}?chat=${c.id}`, { replace: true });
  };
  const back = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else navigate(location.pathname, { replace: true });
  };

  // Optimistic messages, by chat: they stay while switching chats.
  const [pending, dispatch] = useReducer(pendingReducer, {});
  const send = useSendMessage();
  const newestId = useCallback(
    (id: number) => queryClient.getQueryData<MessagePage>(messagesQueryKey(id))?.messages.at(-1)?.id ?? 0,
    [queryClient],
  );
  const deliver = (p: Pick<PendingMessage, 'chatId' | 'key' | 'content' | 'file'>) => {
    // Without the reader's id the sent message could not be told apart from
    // the other side's (spec section 8); it is not sent.
    if (!me) {
      dispatch({ type: 'fail', chatId: p.chatId, key: p.key, error: t('messages.errors.noUserId') });
      return;
    }
    // mutateAsync settles each call (mutate's callbacks follow only the latest one).
    send.mutateAsync({ chatId: p.chatId, content: p.content, file: p.file }).then(
      () => dispatch({ type: 'remove', chatId: p.chatId, key: p.key }),
      (err: unknown) => dispatch({ type: 'fail', chatId: p.chatId, key: p.key, error: errorText(err, t, 'messages.errors.sendFailed') }),
    );
  };
  const onSend = (content: string, file: File | null) => {
    if (!chatId) return;
    const p: PendingMessage = {
      key: pendingKey(),
      chatId,
      content,
      file,
      status: 'sending',
      error: null,
      createdAt: new Date().toISOString(),
      afterId: newestId(chatId),
    };
    dispatch({ type: 'add', message: p });
    deliver(p);
  };
  const onRetry = (p: PendingMessage) => {
    dispatch({ type: 'retry', chatId: p.chatId, key: p.key, afterId: newestId(p.chatId) });
    deliver(p);
  };
  const onDiscard = (p: PendingMessage) => dispatch({ type: 'remove', chatId: p.chatId, key: p.key });

  return (
    <>
      <PageHeading>{t('pages.messages')}</PageHeading>
      <div className="flex h-[calc(100dvh-11rem)] min-h-[26rem] overflow-hidden rounded-xl border border-line bg-surface sm:h-[calc(100dvh-12rem)] lg:grid lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section
          aria-label={t('messages.chats')}
          className={cn('min-h-0 min-w-0 flex-1 flex-col border-line lg:flex lg:border-e', chatId ? 'hidden' : 'flex')}
        >
          <ChatList
            chats={chats.data}
            isPending={chats.isPending}
            error={chats.error}
            onRetry={() => void chats.refetch()}
            selectedId={chatId}
            activeId={activeId}
            me={me}
            role={role}
            onNewChat={() => setNewChatOpen(true)}
            chatHref={(id) => `${location.pathname}?chat=${id}`}
          />
        </section>
        <section
          aria-label={chat ? t('messages.chatWith', { name: chat.participant.name || chat.participant.username }) : t('messages.conversation')}
          className={cn('min-h-0 min-w-0 flex-1 flex-col lg:flex', chatId ? 'flex' : 'hidden')}
        >
          {chatId ? (
            <Conversation
              key={chatId}
              chatId={chatId}
              chat={chat}
              me={me}
              pending={pending[chatId] ?? []}
              onSend={onSend}
              onRetry={onRetry}
              onDiscard={onDiscard}
              onBack={back}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
              <MessagesSquare className="size-12 text-muted" aria-hidden />
              <p className="font-medium">{t('messages.errors.noChat')}</p>
              <p className="text-sm text-muted">{t('messages.selectChatHint')}</p>
              <Button variant="secondary" onClick={() => setNewChatOpen(true)}>
                {t('messages.newChat')}
              </Button>
            </div>
          )}
        </section>
      </div>
      <NewChatDialog open={newChatOpen} onOpenChange={setNewChatOpen} role={role} onCreated={onCreated} />
    </>
  );
}
