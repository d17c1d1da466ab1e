import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { useReplyToReview, type Review } from '../api';
import { MAX_REVIEW_TEXT } from './rate-class-dialog';
import { ReviewList } from './review-list';

/** OwnReviews is the teacher's reviews on their profile page, each
 * unanswered one with a box for the teacher's one answer. */
export function OwnReviews() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const titleId = useId();
  if (!user) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line bg-surface p-5">
      <h2 id={titleId} className="mb-4 text-lg font-semibold">
        {t('reviews.ownTitle')}
      </h2>
      <ReviewList
        teacherId={user.id}
        page={page}
        onPage={setPage}
        footer={(r) => (r.reply ? null : <ReplyBox review={r} />)}
      />
    </section>
  );
}

function ReplyBox({ review }: { review: Review }) {
  const { t } = useTranslation();
  const reply = useReplyToReview();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = () => {
    if (!text.trim()) {
      setProblem(t('reviews.reply.empty'));
      return;
    }
    setProblem(null);
    reply.mutate(
      { review: review.id, text },
      { onError: (err) => setProblem(errorText(err, t, 'reviews.reply.failed')) },
    );
  };
  return (
    <div className="mt-3 space-y-2">
      <TextArea
        label={t('reviews.reply.label', { name: review.student_name })}
        value={text}
        maxLength={MAX_REVIEW_TEXT}
        onChange={(e) => setText(e.target.value)}
        className="min-h-20"
      />
      {problem && <Alert tone="error">{problem}</Alert>}
      <Button variant="secondary" onClick={send} loading={reply.isPending}>
        {t('reviews.reply.send')}
      </Button>
    </div>
  );
}
