import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, NotebookPen } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { useNotes } from '../api/get-notes';
import { DownloadNoteButton } from './my-notes';

/** WIDGET_NOTES is how many notes the dashboard shows (spec section 9). */
export const WIDGET_NOTES = 2;

/** notesTabHref opens the Education screen on the 'my notes' tab. */
export const notesTabHref = `${paths.student.notes.path}?tab=notes`;

/** NotesWidget is the dashboard's study notes: the first two of the
 * student's own notes, each downloadable as text, and a link to all of them. */
export function NotesWidget() {
  const { t } = useTranslation();
  const notes = useNotes();
  const shown = (notes.data ?? []).slice(0, WIDGET_NOTES);
  return (
    <section aria-labelledby="notes-widget-title" aria-busy={notes.isPending || undefined} className="flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="notes-widget-title" className="text-lg font-semibold">
          {t('notes.widget.title')}
        </h2>
        <Link to={notesTabHref} className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
          {t('notes.widget.all')}
          <ArrowLeft className="size-4 ltr:-scale-x-100" aria-hidden />
        </Link>
      </div>
      {notes.isPending ? (
        <div className="flex min-h-28 items-center justify-center text-primary">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      ) : notes.isError ? (
        <ErrorBanner className="mt-4" onRetry={() => void notes.refetch()}>
          {errorText(notes.error, t, 'notes.loadFailed')}
        </ErrorBanner>
      ) : shown.length === 0 ? (
        <div className="mt-4 flex flex-1 flex-col items-center justify-center rounded-xl bg-surface-2 p-6 text-center">
          <NotebookPen className="size-8 text-muted" aria-hidden />
          <p className="mt-2 text-sm text-muted">{t('notes.widget.empty')}</p>
          <Link to={notesTabHref} className="mt-2 text-sm font-medium text-link hover:underline">
            {t('notes.widget.write')}
          </Link>
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {shown.map((n) => (
            <li key={n.id} className="rounded-xl bg-surface-2 p-4">
              <h3 dir="auto" className="break-words text-start font-semibold">
                {n.title}
              </h3>
              {n.content && (
                <p dir="auto" className="mt-1 line-clamp-2 whitespace-pre-line break-words text-start text-sm text-muted">
                  {n.content}
                </p>
              )}
              <DownloadNoteButton note={n} className="mt-3 bg-surface" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
