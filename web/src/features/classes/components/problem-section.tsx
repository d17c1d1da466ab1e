import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Check, Flag, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useAnswerProblem, type Problem } from '../api/problem';
import { canReportProblem, problemState, reasonLabel, refundOf, resolutionLabel, type Side } from '../problem-rules';
import type { Booking } from '../rules';
import { ProblemDialog } from './problem-dialog';

type ProblemSectionProps = { booking: Booking; viewer: Side; now: number };

/** ProblemSection is a class card's problem report: "Report a problem" on a
 * class that ended at most 72 hours ago; once reported, what was reported,
 * its state for the viewer, and Accept / Decline for the other side. */
export function ProblemSection({ booking: b, viewer, now }: ProblemSectionProps) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const p = b.problem;
  if (!p && !canReportProblem(b, now) && !notice) return null;
  return (
    <div className="mt-3 space-y-2">
      <div aria-live="polite" className="empty:hidden">
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      {p ? (
        <Report problem={p} price={b.price} viewer={viewer} onAnswered={setNotice} />
      ) : (
        canReportProblem(b, now) && (
          <Button variant="secondary" onClick={() => setReporting(true)}>
            <Flag className="size-4" aria-hidden />
            {t('classes.problem.action')}
          </Button>
        )
      )}
      <ProblemDialog
        booking={reporting ? b : null}
        viewer={viewer}
        onClose={() => setReporting(false)}
        onReported={() => setNotice(t('classes.problem.reported'))}
      />
    </div>
  );
}

function Report({
  problem: p,
  price,
  viewer,
  onAnswered,
}: {
  problem: Problem;
  price: number;
  viewer: Side;
  onAnswered: (message: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const answer = useAnswerProblem();
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const mine = p.reported_by === viewer;
  const settled = p.status === 'accepted' || p.status === 'resolved';
  const run = () => {
    if (confirming === null) return;
    const accept = confirming;
    answer.mutate(
      { id: p.id, accept },
      {
        onSuccess: () => {
          setConfirming(null);
          onAnswered(t(accept ? 'classes.problem.acceptedNotice' : 'classes.problem.declinedNotice'));
        },
      },
    );
  };
  return (
    <section
      aria-label={t('classes.problem.heading')}
      className={cn(
        'rounded-xl border p-3 text-sm',
        settled ? 'border-line bg-surface-2' : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40',
      )}
    >
      <p className="flex items-center gap-1.5 font-medium">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        {t(mine ? 'classes.problem.youReported' : viewer === 'student' ? 'classes.problem.teacherReported' : 'classes.problem.studentReported', {
          reason: t(reasonLabel[p.reason]),
        })}
      </p>
      {p.text && (
        <p className="mt-1 whitespace-pre-line break-words text-muted">
          {/* Either side may write in either language: its own direction, the page's alignment. */}
          <bdi>{p.text}</bdi>
        </p>
      )}
      <p className="mt-1">
        {t('classes.problem.proposed', {
          resolution: t(resolutionLabel[p.resolution]),
          amount: formatMoney(refundOf(p.resolution, price), lang),
        })}
      </p>
      <p className="mt-1 font-semibold" data-testid="problem-state">
        {t(problemState(p, viewer))}
      </p>
      {p.note && (
        <p className="mt-1 whitespace-pre-line break-words">
          {t('classes.problem.supportNote')} <bdi>{p.note}</bdi>
        </p>
      )}
      {p.status === 'open' && !mine && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button onClick={() => { answer.reset(); setConfirming(true); }}>
            <Check className="size-4" aria-hidden />
            {t('classes.problem.accept')}
          </Button>
          <Button variant="secondary" onClick={() => { answer.reset(); setConfirming(false); }}>
            <X className="size-4" aria-hidden />
            {t('classes.problem.decline')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={t(confirming ? 'classes.problem.acceptTitle' : 'classes.problem.declineTitle')}
        body={
          confirming
            ? t('classes.problem.acceptBody', {
                resolution: t(resolutionLabel[p.resolution]),
                amount: formatMoney(refundOf(p.resolution, price), lang),
              })
            : t('classes.problem.declineBody')
        }
        confirmLabel={t(confirming ? 'classes.problem.accept' : 'classes.problem.decline')}
        cancelLabel={t('reviews.cancel')}
        loading={answer.isPending}
        error={answer.isError ? errorText(answer.error, t, 'classes.problem.answerFailed') : undefined}
        onConfirm={run}
      />
    </section>
  );
}
