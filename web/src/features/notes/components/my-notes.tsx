import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Download, NotebookPen, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { TextArea, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { InlineConfirm } from '@/components/ui/inline-confirm';
import { ItemActions } from '@/components/ui/item-actions';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { useFlash } from '@/lib/use-flash';
import { EmptyState } from '@/components/ui/empty-state';
import { useNotes, type StudyNote } from '../api/get-notes';
import { useCreateNote, useDeleteNote, useUpdateNote } from '../api/save-note';
import { downloadNote } from '../download-text';
import { MAX_CONTENT, MAX_TITLE, noteSchema, type NoteValues } from '../schemas';

/** NoteForm writes a new note, or edits `note`. */
export function NoteForm({ note, onDone, onCancel }: { note?: StudyNote; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateNote();
  const update = useUpdateNote();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<NoteValues>({
    resolver: zodResolver(noteSchema),
    defaultValues: { title: note?.title ?? '', content: note?.content ?? '' },
  });
  const submit = handleSubmit((v) => {
    setError(null);
    const onError = (err: unknown) => {
      const rest = applyFieldErrors(err, setFieldError, { title: 'title', content: 'content' });
      if (rest === undefined) setError(errorText(err, t, 'notes.saveFailed'));
      else if (rest) setError(rest);
    };
    if (note) update.mutate({ id: note.id, ...v }, { onSuccess: onDone, onError });
    else create.mutate(v, { onSuccess: onDone, onError });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3" aria-label={note ? t('notes.editOf', { title: note.title }) : t('notes.new')}>
      <TextField label={t('notes.fields.title')} maxLength={MAX_TITLE} error={fieldError(errors.title)} {...register('title')} />
      <TextArea
        label={t('notes.fields.content')}
        optional
        maxLength={MAX_CONTENT}
        className="min-h-40"
        error={fieldError(errors.content)}
        {...register('content')}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending || update.isPending}>
          {t('notes.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('notes.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** DownloadNoteButton saves a note as a text file. */
export function DownloadNoteButton({ note, className }: { note: StudyNote; className?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      onClick={() => downloadNote(note)}
      aria-label={t('notes.downloadOf', { title: note.title })}
      className={cn('min-h-10 px-3', className)}
    >
      <Download className="size-4" aria-hidden />
      {t('notes.download')}
    </Button>
  );
}

function NoteCard({ note }: { note: StudyNote }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const del = useDeleteNote();
  const titleId = `note-${note.id}-title`;
  return (
    <li>
      <article aria-labelledby={titleId} className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
        {editing ? (
          <>
            <h3 id={titleId} className="sr-only">
              {note.title}
            </h3>
            <NoteForm note={note} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
          </>
        ) : (
          <>
            <h3 id={titleId} dir="auto" className="break-words text-start text-base font-semibold">
              {note.title}
            </h3>
            <p className="mt-0.5 text-xs text-muted">
              {t('notes.updated', { when: formatDateTime(note.updated_at, lang, tz) })}
            </p>
            {note.content ? (
              <p dir="auto" className="mt-3 line-clamp-6 whitespace-pre-line break-words text-start text-sm text-fg/90">
                {note.content}
              </p>
            ) : (
              <p className="mt-3 text-sm text-muted">{t('notes.emptyContent')}</p>
            )}
            <div className="mt-auto flex flex-wrap gap-2 pt-4">
              <DownloadNoteButton note={note} />
              {!confirming && (
                <ItemActions
                  editText={t('notes.edit')}
                  deleteText={t('notes.delete')}
                  editLabel={t('notes.editOf', { title: note.title })}
                  deleteLabel={t('notes.deleteOf', { title: note.title })}
                  onEdit={() => setEditing(true)}
                  onDelete={() => setConfirming(true)}
                />
              )}
            </div>
            {confirming && (
              <InlineConfirm
                question={t('notes.confirmDelete')}
                confirmLabel={t('notes.deleteConfirm')}
                cancelLabel={t('notes.cancel')}
                error={del.isError ? errorText(del.error, t, 'notes.deleteFailed') : undefined}
                pending={del.isPending}
                onConfirm={() => del.mutate(note.id)}
                onCancel={() => {
                  setConfirming(false);
                  del.reset();
                }}
              />
            )}
          </>
        )}
      </article>
    </li>
  );
}

/** MyNotes is the student's own study notes: write, edit, delete and download them as text. */
export function MyNotes() {
  const { t } = useTranslation();
  const notes = useNotes();
  const [writing, setWriting] = useState(false);
  const [saved, setSaved] = useFlash<boolean>();
  const list = notes.data ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{t('notes.intro')}</p>
        {!writing && (
          <Button
            onClick={() => {
              setWriting(true);
              setSaved(null);
            }}
          >
            <Plus className="size-4" aria-hidden />
            {t('notes.new')}
          </Button>
        )}
      </div>
      {saved && <Alert tone="success">{t('notes.saved')}</Alert>}
      {writing && (
        <section aria-labelledby="new-note-title" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
          <h2 id="new-note-title" className="mb-3 text-base font-semibold">
            {t('notes.new')}
          </h2>
          <NoteForm
            onDone={() => {
              setWriting(false);
              setSaved(true);
            }}
            onCancel={() => setWriting(false)}
          />
        </section>
      )}
      {notes.isPending ? (
        <div className="flex min-h-40 items-center justify-center text-primary">
          <Spinner className="size-8" label={t('common.loading')} />
        </div>
      ) : notes.isError ? (
        <ErrorBanner onRetry={() => void notes.refetch()}>{errorText(notes.error, t, 'notes.loadFailed')}</ErrorBanner>
      ) : list.length === 0 ? (
        !writing && (
          <EmptyState icon={NotebookPen} title={t('notes.empty')} hint={t('notes.emptyHint')} />
        )
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t('notes.listLabel')}>
          {list.map((n) => (
            <NoteCard key={n.id} note={n} />
          ))}
        </ul>
      )}
    </div>
  );
}
