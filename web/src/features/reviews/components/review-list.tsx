import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { formatDate } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useTeacherReviews, type Review } from '../api';
import { Stars } from '@/components/rating';

type ReviewListProps = {
  teacherId: number;
  page: number;
  onPage: (page: number) => void;
  /** What to show under a review: the teacher's answer box on their own page. */
  footer?: (review: Review) => ReactNode;
};

/** ReviewList is a page of a teacher's reviews, newest first, with each
 * student's name and the teacher's answer, and previous/next pages. */
export function ReviewList({ teacherId, page, onPage, footer }: ReviewListProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const reviews = useTeacherReviews(teacherId, page);
  if (reviews.isPending) {
    return (
      <div className="flex justify-center py-6 text-primary">
        <Spinner className="size-8 border-4" label={t('common.loading')} />
      </div>
    );
  }
  if (reviews.isError) {
    return <ErrorBanner onRetry={() => void reviews.refetch()}>{errorText(reviews.error, t, 'reviews.loadFailed')}</ErrorBanner>;
  }
  const { results, next } = reviews.data;
  if (results.length === 0) return <p className="text-sm text-muted">{t('reviews.none')}</p>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label={t('reviews.title')}>
        {results.map((r) => (
          <li key={r.id} className="rounded-xl border border-line p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span dir="auto" className="font-medium">
                {r.student_name}
              </span>
              <Stars rating={r.rating} />
            </div>
            <p className="mt-0.5 text-xs text-muted">{formatDate(r.created_at, lang)}</p>
            {r.text && (
              <p dir="auto" className="mt-2 whitespace-pre-line text-sm">
                {r.text}
              </p>
            )}
            {r.reply && (
              <div className="mt-2 rounded-lg bg-surface-2 px-3 py-2 text-sm">
                <p className="text-xs font-medium text-muted">{t('reviews.teacherReply')}</p>
                <p dir="auto" className="mt-1 whitespace-pre-line">
                  {r.reply.text}
                </p>
              </div>
            )}
            {footer?.(r)}
          </li>
        ))}
      </ul>
      {(page > 1 || next != null) && (
        <nav aria-label={t('reviews.pages')} className="flex justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1 || reviews.isFetching} onClick={() => onPage(page - 1)}>
            {t('reviews.newer')}
          </Button>
          <Button variant="secondary" disabled={next == null || reviews.isFetching} onClick={() => next != null && onPage(next)}>
            {t('reviews.older')}
          </Button>
        </nav>
      )}
    </div>
  );
}
