import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { IconButton } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import type { Role } from '@/lib/auth/user';
import { useLang } from '@/lib/i18n/use-lang';
import { languageList } from '@/lib/languages';
import { useCreateChat } from '@/lib/api/chats';
import { useContacts, type Contact } from '../api/get-contacts';
import type { Chat } from '../types';
import { ChatAvatar } from './chat-avatar';

type NewChatDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role;
  /** Called with the chat that was opened (new, or the pair's existing one). */
  onCreated: (chat: Chat) => void;
};

// Typing pauses this long before the teacher search asks the server.
const SEARCH_DELAY_MS = 300;

/** NewChatDialog lists whom the reader may write to (teachers for a student;
 * for a teacher, the students who booked them) and opens the chat with the
 * one chosen. */
export function NewChatDialog({ open, onOpenChange, role, onCreated }: NewChatDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = window.setTimeout(() => setQ(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [search]);
  const contacts = useContacts(role, role === 'teacher' ? search : q, open);
  const create = useCreateChat();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) {
      setSearch('');
      setQ('');
      setError(null);
      create.reset();
    }
    // create.reset is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const choose = (c: Contact) => {
    setError(null);
    create.mutate(
      { role, otherId: c.id },
      {
        onSuccess: (chat) => onCreated(chat),
        onError: (err) => setError(errorText(err, t, 'messages.errors.createFailed')),
      },
    );
  };

  const list = contacts.data;
  const searching = (role === 'teacher' ? search : q).trim() !== '';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="z-fade fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          dir={i18n.dir()}
          className="z-fade fixed inset-x-3 top-[8dvh] z-50 mx-auto flex max-h-[84dvh] max-w-lg flex-col rounded-2xl border border-line bg-surface text-fg shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-3 border-b border-line p-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">
                {role === 'teacher' ? t('messages.newChatTitleTeacher') : t('messages.newChatTitleStudent')}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                {role === 'teacher' ? t('messages.newChatDescTeacher') : t('messages.newChatDescStudent')}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <IconButton label={t('messages.close')}>
                <X className="size-5" aria-hidden />
              </IconButton>
            </Dialog.Close>
          </div>
          <div className="space-y-3 p-4 pb-2">
            <TextField
              type="search"
              label={t('messages.search')}
              placeholder={role === 'teacher' ? t('messages.searchStudentsPlaceholder') : t('messages.searchTeachersPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              autoComplete="off"
            />
            {error && <Alert tone="error">{error}</Alert>}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
            {contacts.isPending && (
              <div className="flex justify-center p-6">
                <Spinner label={t('common.loading')} />
              </div>
            )}
            {contacts.isError && !list && (
              <div className="p-2">
                <ErrorBanner onRetry={() => void contacts.refetch()}>
                  {errorText(contacts.error, t, 'messages.loadContactsFailed')}
                </ErrorBanner>
              </div>
            )}
            {list && list.length === 0 && (
              <p className="p-6 text-center text-sm text-muted">
                {searching ? t('messages.noMatches') : role === 'teacher' ? t('messages.noStudents') : t('messages.noTeachers')}
              </p>
            )}
            {list && list.length > 0 && (
              <ul aria-busy={contacts.isFetching || undefined}>
                {list.map((c) => {
                  const busy = create.isPending && create.variables?.otherId === c.id;
                  return (
                    <li key={c.id}>
                      <button
                        type="button"
                        onClick={() => choose(c)}
                        disabled={create.isPending}
                        aria-label={t('messages.chatWith', { name: c.name })}
                        className="flex w-full items-center gap-3 rounded-lg px-2 py-2.5 text-start transition-colors hover:bg-surface-2 disabled:cursor-wait disabled:opacity-70"
                      >
                        <ChatAvatar name={c.name} photo={c.photo} />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium">{c.name}</span>
                          {(c.languages.length > 0 || c.email) && (
                            <span dir="auto" className="block truncate text-sm text-muted">
                              {c.languages.length > 0 ? languageList(c.languages, lang) : c.email}
                            </span>
                          )}
                        </span>
                        {busy && <Spinner className="size-4" />}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
