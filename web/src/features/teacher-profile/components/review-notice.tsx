import { useTranslation } from 'react-i18next';
import { Hourglass, RotateCcw, ShieldAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api/error-text';
import { useAskReview, type ProfileReview } from '../api/review';

/** ReviewNotice tells a teacher where the review of their profile stands:
 * waiting for an operator, or sent back with the operator's reason, what to
 * change and a button to ask again. An approved profile needs no notice. */
export function ReviewNotice({ review }: { review: ProfileReview }) {
  const { t } = useTranslation();
  const ask = useAskReview();
  if (review.status === 'pending') {
    return (
      <section aria-labelledby="review-state" className="flex items-start gap-3 rounded-2xl border border-line bg-info-bg p-4 text-sm" data-testid="review-state">
        <Hourglass className="mt-0.5 size-5 shrink-0 text-link" aria-hidden />
        <div>
          <h2 id="review-state" className="font-semibold">
            {t('teacherProfile.review.pendingTitle')}
          </h2>
          <p className="mt-1 text-muted">{t('teacherProfile.review.pendingBody')}</p>
        </div>
      </section>
    );
  }
  if (review.status !== 'rejected') return null;
  return (
    <section aria-labelledby="review-state" className="rounded-2xl border border-danger/40 bg-danger-bg p-4 text-sm" data-testid="review-state">
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
        <div className="min-w-0">
          <h2 id="review-state" className="font-semibold text-danger">
            {t('teacherProfile.review.rejectedTitle')}
          </h2>
          {review.reason && (
            <blockquote className="mt-2 whitespace-pre-line break-words border-s-2 border-danger/50 ps-3 text-fg">
              {/* The operator may write in either language: its own direction, the page's alignment. */}
              <bdi>{review.reason}</bdi>
            </blockquote>
          )}
          <p className="mt-2 text-fg">{t('teacherProfile.review.rejectedBody')}</p>
          {ask.isError && (
            <Alert tone="error" className="mt-3">
              {errorText(ask.error, t, 'teacherProfile.review.askFailed')}
            </Alert>
          )}
          <Button className="mt-3" loading={ask.isPending} onClick={() => ask.mutate()}>
            <RotateCcw className="size-4" aria-hidden />
            {t('teacherProfile.review.askAgain')}
          </Button>
        </div>
      </div>
    </section>
  );
}
