import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeOff, Star } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useFlash } from '@/lib/use-flash';
import { useHideReview, useReviews } from '../api/reviews';
import type { AdminReview } from '../api/types';
import { ReasonDialog } from './action-dialog';
import { Badge, Loaded } from './panel';
import { Person } from './person';

/** ReviewModeration is the students' reviews, newest first; an operator hides
 * one with a reason, and the teacher's rating is recomputed without it. */
export function ReviewModeration({ teacherId }: { teacherId: number | null }) {
  const { t } = useTranslation();
  const q = useReviews(teacherId);
  const [flash, showFlash] = useFlash();
  return (
    <div className="space-y-3">
      <div aria-live="polite">{flash && <Alert tone="success">{flash}</Alert>}</div>
      <Loaded query={q} failed="admin.reviews.failed" empty={t('admin.reviews.none')}>
        {(list) => (
          <ul className="space-y-3">
            {list.map((r) => (
              <Row key={r.id} review={r} onDone={showFlash} />
            ))}
          </ul>
        )}
      </Loaded>
    </div>
  );
}

function Row({ review: r, onDone }: { review: AdminReview; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [hiding, setHiding] = useState(false);
  const hide = useHideReview();
  const reply = r.reply;
  return (
    <li data-testid="admin-review" className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Person user={r.student} />
          <span className="text-xs text-muted">{t('admin.reviews.about')}</span>
          <Person user={r.teacher} />
        </div>
        <span className="inline-flex items-center gap-1 font-semibold" aria-label={t('admin.reviews.rating', { n: formatNumber(r.rating, lang) })}>
          <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
          <span aria-hidden>{formatNumber(r.rating, lang)}</span>
        </span>
      </div>
      {r.comment && (
        <p dir="auto" className="mt-3 whitespace-pre-line break-words text-sm">
          {r.comment}
        </p>
      )}
      {reply && (
        <p className="mt-2 border-s-2 border-line ps-3 text-sm text-muted">
          {t('admin.reviews.reply')} <bdi>{reply}</bdi>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted">{formatDateTime(r.created_at, lang)}</span>
        {r.hidden ? (
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="bad">{t('admin.reviews.hidden')}</Badge>
            {r.hidden_reason && <bdi className="text-muted">{r.hidden_reason}</bdi>}
          </span>
        ) : (
          <Button variant="danger" onClick={() => setHiding(true)}>
            <EyeOff className="size-4" aria-hidden />
            {t('admin.reviews.hide')}
          </Button>
        )}
      </div>
      {hiding && (
        <ReasonDialog
          title={t('admin.reviews.hideTitle')}
          description={t('admin.reviews.hideBody')}
          confirmLabel={t('admin.reviews.hide')}
          tone="danger"
          onClose={() => setHiding(false)}
          onSubmit={(reason) => hide.mutateAsync({ id: r.id, reason }).then(() => onDone(t('admin.reviews.hiddenDone')))}
        />
      )}
    </li>
  );
}
