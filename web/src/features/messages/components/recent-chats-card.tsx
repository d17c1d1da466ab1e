import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, MessageSquare } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/cn';
import { useChats } from '../api/get-chats';
import { useMessagesLiveSync } from '../hooks/use-messages-live';
import { messagesHref } from '../links';
import { ChatSummary } from './chat-summary';

/** Spec section 9: the dashboard shows at most 5 chats. */
export const RECENT_CHATS = 5;

/** RecentChatsCard is the dashboard's recent chats: up to 5, each with the
 * other side's photo and name, the last message and its time; a link to all
 * chats, and an invitation to start one when there are none. */
export function RecentChatsCard({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const role = user?.role === 'teacher' ? 'teacher' : 'student';
  const me = Number(user?.id ?? 0);
  useMessagesLiveSync();
  const chats = useChats();
  const list = chats.data?.slice(0, RECENT_CHATS);
  return (
    <section aria-labelledby="recent-chats-title" className={cn('rounded-xl border border-line bg-surface p-4 sm:p-5', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-chats-title" className="flex items-center gap-2 text-base font-semibold">
          <MessageSquare className="size-5 text-muted" aria-hidden />
          {t('messages.recent.title')}
        </h2>
        <Link to={messagesHref(role)} className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
          {t('messages.recent.viewAll')}
          <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden />
        </Link>
      </div>
      <div className="mt-3">
        {chats.isPending && (
          <div className="flex justify-center py-6">
            <Spinner label={t('common.loading')} />
          </div>
        )}
        {chats.isError && !list && (
          <ErrorBanner onRetry={() => void chats.refetch()}>{errorText(chats.error, t, 'messages.loadChatsFailed')}</ErrorBanner>
        )}
        {list && list.length === 0 && (
          <div className="rounded-lg bg-surface-2 p-5 text-center">
            <p className="text-sm text-muted">{t('messages.recent.empty')}</p>
            <Link
              to={messagesHref(role, { newChat: true })}
              className="mt-3 inline-flex min-h-10 items-center justify-center rounded-lg bg-primary px-4 text-sm font-medium text-on-primary hover:bg-primary-hover"
            >
              {t('messages.recent.start')}
            </Link>
          </div>
        )}
        {list && list.length > 0 && (
          <ul className="-mx-2">
            {list.map((c) => {
              return (
                <li key={c.id}>
                  <Link
                    to={messagesHref(role, { chat: c.id })}
                    className="flex items-center gap-3 rounded-lg px-2 py-2.5 transition-colors hover:bg-surface-2"
                  >
                    <ChatSummary chat={c} me={me} unread={c.unread} />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
