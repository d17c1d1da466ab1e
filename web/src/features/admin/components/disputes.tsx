import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, ChevronLeft, Gavel } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceCards } from '@/components/ui/choice-cards';
import { ErrorBanner } from '@/components/ui/error-banner';
import { TextArea } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/spinner';
import { hrefs, paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMoney, formatPercent } from '@/lib/format';
import { msg, type TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { languageLevel } from '@/lib/languages';
import { useFlash } from '@/lib/use-flash';
import { useDecideDispute, useDispute, useDisputes } from '../api/disputes';
import type { Dispute, DisputeDetail, DisputeStatus, RefundPercent } from '../api/types';
import { ActionDialog, useAction } from './action-dialog';
import { disputeStatusLabel } from './labels';
import { Badge, Detail, Loaded, Panel } from './panel';
import { Person } from './person';
import { StatusTabs, useStatusParam } from './status-tabs';

const statuses = ['disputed', 'resolved'] as const satisfies readonly DisputeStatus[];

const reasonLabel: Record<Dispute['reason'], TKey> = {
  teacher_absent: msg('classes.problem.reasons.teacher_absent'),
  student_absent: msg('classes.problem.reasons.student_absent'),
  technical: msg('classes.problem.reasons.technical'),
  other: msg('classes.problem.reasons.other'),
};

const resolutionLabel: Record<Dispute['resolution'], TKey> = {
  full_refund: msg('classes.problem.resolutions.full_refund'),
  half_refund: msg('classes.problem.resolutions.half_refund'),
  no_refund: msg('classes.problem.resolutions.no_refund'),
};

const percents: readonly RefundPercent[] = [100, 50, 0];

/** refundOf is what goes back to the student: half of an odd price rounds up, as the server does. */
export function refundOf(percent: RefundPercent, price: number): number {
  return percent === 100 ? price : percent === 50 ? Math.ceil(price / 2) : 0;
}

/** DisputeList is the problem reports the other side declined, and those an operator decided. */
export function DisputeList() {
  const { t } = useTranslation();
  const [status, setStatus] = useStatusParam(statuses);
  const q = useDisputes(status);
  return (
    <StatusTabs
      label={t('admin.disputes.tabs')}
      value={status}
      onChange={setStatus}
      options={statuses.map((s) => ({ value: s, label: t(disputeStatusLabel[s]) }))}
    >
      <Loaded query={q} failed="admin.disputes.failed" empty={t(`admin.disputes.none.${status}`)}>
        {(list) => (
          <ul className="space-y-3">
            {list.map((d) => (
              <DisputeRow key={d.id} dispute={d} />
            ))}
          </ul>
        )}
      </Loaded>
    </StatusTabs>
  );
}

function DisputeRow({ dispute: d }: { dispute: Dispute }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li data-testid="admin-dispute" className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={hrefs.adminDispute(d.id)} className="inline-flex items-center gap-1 font-semibold text-link hover:underline">
          {t('admin.disputes.classOf', { what: languageLevel(d.booking.language, d.booking.level, lang), date: formatDateTime(d.booking.start, lang) })}
          <ChevronLeft className="size-4 ltr:-scale-x-100" aria-hidden />
        </Link>
        <span className="font-bold tabular-nums">{formatMoney(d.booking.price, lang)}</span>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2">
        <Person user={d.booking.teacher} />
        <Person user={d.booking.student} />
      </div>
      <p className="mt-3 text-sm">
        {t(d.reported_by === 'teacher' ? 'admin.disputes.teacherReported' : 'admin.disputes.studentReported', { reason: t(reasonLabel[d.reason]) })}
        {' · '}
        {t('admin.disputes.proposed', { resolution: t(resolutionLabel[d.resolution]) })}
      </p>
      {d.refund_percent !== null && <Outcome dispute={d} className="mt-2" />}
    </li>
  );
}

/** Outcome tells an operator's decision: the refund and its note. */
function Outcome({ dispute: d, className }: { dispute: Dispute; className?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (d.refund_percent === null) return null;
  return (
    <div className={cn('text-sm', className)}>
      <Badge tone="good">
        {t('admin.disputes.decided', {
          percent: formatPercent(d.refund_percent, lang),
          amount: formatMoney(refundOf(d.refund_percent, d.booking.price), lang),
        })}
      </Badge>
      {d.note && (
        <p className="mt-1 text-muted">
          {t('admin.disputes.noteIs')} <bdi>{d.note}</bdi>
        </p>
      )}
      {d.decided_at && (
        <p className="mt-1 text-xs text-muted">
          {d.decided_by
            ? t('admin.disputes.decidedBy', { name: d.decided_by.name || d.decided_by.username, date: formatDateTime(d.decided_at, lang) })
            : formatDateTime(d.decided_at, lang)}
        </p>
      )}
    </div>
  );
}

/** DisputePage is one dispute: the class, both sides' statements, the pair's
 * messages around the class, and the decision. */
export function DisputePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useDispute(id);
  const [flash, showFlash] = useFlash();
  return (
    <div className="space-y-5">
      <Link to={paths.admin.disputes.path} className="inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline">
        <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
        {t('admin.disputes.back')}
      </Link>
      <div aria-live="polite">{flash && <Alert tone="success">{flash}</Alert>}</div>
      {q.isPending ? (
        <PageSpinner />
      ) : q.isError ? (
        <ErrorBanner onRetry={() => void q.refetch()}>{errorText(q.error, t, 'admin.disputes.pageFailed')}</ErrorBanner>
      ) : (
        <DisputeView dispute={q.data} onDone={showFlash} />
      )}
    </div>
  );
}

function DisputeView({ dispute: d, onDone }: { dispute: DisputeDetail; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [deciding, setDeciding] = useState(false);
  const b = d.booking;
  const reporter = d.reported_by === 'teacher' ? b.teacher : b.student;
  const other = d.reported_by === 'teacher' ? b.student : b.teacher;
  return (
    <div className="grid gap-5 xl:grid-cols-2">
      <Panel id="dispute-class" title={t('admin.disputes.class')}>
        <dl className="grid grid-cols-2 gap-3">
          <Detail label={t('admin.disputes.what')}>{languageLevel(b.language, b.level, lang)}</Detail>
          <Detail label={t('admin.disputes.price')}>
            <span className="font-semibold tabular-nums">{formatMoney(b.price, lang)}</span>
          </Detail>
          <Detail label={t('admin.disputes.start')}>{formatDateTime(b.start, lang)}</Detail>
          <Detail label={t('admin.disputes.end')}>{formatDateTime(b.end, lang)}</Detail>
          <Detail label={t('roles.teacher')}>
            <Person user={b.teacher} />
          </Detail>
          <Detail label={t('roles.student')}>
            <Person user={b.student} />
          </Detail>
        </dl>
      </Panel>

      <Panel
        id="dispute-decision"
        title={t('admin.disputes.decision')}
        actions={
          d.refund_percent === null && (
            <Button onClick={() => setDeciding(true)}>
              <Gavel className="size-4" aria-hidden />
              {t('admin.disputes.decide')}
            </Button>
          )
        }
      >
        {d.refund_percent === null ? <p className="text-sm text-muted">{t('admin.disputes.undecided')}</p> : <Outcome dispute={d} />}
      </Panel>

      <Panel id="dispute-statements" title={t('admin.disputes.statements')} className="xl:col-span-2">
        <div className="grid gap-4 md:grid-cols-2">
          <article aria-labelledby="statement-reporter" className="rounded-xl border border-line p-4">
            <h3 id="statement-reporter" className="flex flex-wrap items-center gap-2 text-sm font-semibold">
              {t(d.reported_by === 'teacher' ? 'admin.disputes.teacherReported' : 'admin.disputes.studentReported', { reason: t(reasonLabel[d.reason]) })}
            </h3>
            <Person user={reporter} className="mt-2" />
            <p dir="auto" className="mt-3 whitespace-pre-line break-words text-sm">
              {d.text || t('admin.disputes.noText')}
            </p>
            <p className="mt-3 text-sm text-muted">
              {t('admin.disputes.proposed', { resolution: t(resolutionLabel[d.resolution]) })}
            </p>
            <p className="mt-1 text-xs text-muted">{formatDateTime(d.created_at, lang)}</p>
          </article>
          <article aria-labelledby="statement-other" className="rounded-xl border border-line p-4">
            <h3 id="statement-other" className="text-sm font-semibold">
              {t(d.reported_by === 'teacher' ? 'admin.disputes.studentDeclined' : 'admin.disputes.teacherDeclined')}
            </h3>
            <Person user={other} className="mt-2" />
            <p className="mt-3 text-sm">{t('admin.disputes.declinedBody')}</p>
            {d.answered_at && <p className="mt-1 text-xs text-muted">{formatDateTime(d.answered_at, lang)}</p>}
          </article>
        </div>
      </Panel>

      <Panel id="dispute-messages" title={t('admin.disputes.messages')} className="xl:col-span-2">
        <p className="mb-3 text-xs text-muted">{t('admin.disputes.messagesNote')}</p>
        {d.messages.length === 0 ? (
          <p className="text-sm text-muted">{t('admin.disputes.noMessages')}</p>
        ) : (
          <ol className="space-y-3">
            {d.messages.map((m) => {
              const fromStudent = m.sender.id === b.student.id;
              return (
                <li key={m.id} data-testid="dispute-message" className={cn('flex', fromStudent ? 'justify-start' : 'justify-end')}>
                  <div className={cn('max-w-[85%] rounded-2xl px-4 py-2 text-sm', fromStudent ? 'bg-surface-2' : 'bg-info-bg')}>
                    <p className="text-xs font-medium text-muted">
                      <bdi>{m.sender.name || m.sender.username}</bdi> · {formatDateTime(m.created_at, lang)}
                    </p>
                    <p dir="auto" className="mt-1 whitespace-pre-line break-words">
                      {m.text}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </Panel>

      {deciding && <DecideDialog dispute={d} onClose={() => setDeciding(false)} onDone={onDone} />}
    </div>
  );
}

/** DecideDialog settles a dispute: full, half or no refund, with a note both sides read. */
function DecideDialog({ dispute: d, onClose, onDone }: { dispute: Dispute; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const decide = useDecideDispute();
  const action = useAction(['refund_percent', 'note']);
  const [percent, setPercent] = useState<RefundPercent | null>(null);
  const [note, setNote] = useState('');
  const price = d.booking.price;
  const submit = () => {
    const valid = action.check({
      refund_percent: percent === null && t('admin.disputes.chooseRefund'),
      note: note.trim() === '' && t('admin.disputes.noteRequired'),
    });
    if (!valid || percent === null) return;
    void action
      .run(() =>
        decide
          .mutateAsync({ id: d.id, refund_percent: percent, note: note.trim() })
          .then(() => onDone(t('admin.disputes.decidedDone', { amount: formatMoney(refundOf(percent, price), lang) }))),
      )
      .then((ok) => ok && onClose());
  };
  return (
    <ActionDialog
      title={t('admin.disputes.decideTitle')}
      description={t('admin.disputes.decideBody', { price: formatMoney(price, lang) })}
      confirmLabel={t('admin.disputes.decideConfirm')}
      pending={action.pending}
      error={action.error}
      onClose={onClose}
      onSubmit={submit}
    >
      <ChoiceCards<string>
        legend={t('admin.disputes.refund')}
        value={percent === null ? null : String(percent)}
        onChange={(v) => setPercent(Number(v) as RefundPercent)}
        error={action.fieldError('refund_percent')}
        options={percents.map((p) => ({
          value: String(p),
          label: t(`admin.disputes.refunds.${p}`),
          hint: t('admin.disputes.refundHint', { amount: formatMoney(refundOf(p, price), lang) }),
        }))}
      />
      <TextArea
        label={t('admin.disputes.note')}
        hint={t('admin.disputes.noteHint')}
        required
        maxLength={2000}
        value={note}
        error={action.fieldError('note')}
        onChange={(e) => setNote(e.target.value)}
      />
    </ActionDialog>
  );
}
