import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check, FileText, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { hrefs } from '@/config/paths';
import { ConfirmDialog } from '@/components/ui/dialog';
import { formatDateTime, formatDigits, formatDuration, formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { languageLevel } from '@/lib/languages';
import { useNow } from '@/lib/use-now';
import { useFlash } from '@/lib/use-flash';
import { useApproveTeacher, usePendingTeachers, useRejectTeacher } from '../api/teachers';
import type { PendingTeacher } from '../api/types';
import { ReasonDialog, useAction } from './action-dialog';
import { Loaded } from './panel';
import { Avatar } from './person';

/** TeacherReview is the queue of teachers waiting to be listed: everything a
 * student would see of them (photo, bio, video, documents, prices), to approve
 * or to send back with a reason the teacher reads on their profile screen. */
export function TeacherReview() {
  const { t } = useTranslation();
  const q = usePendingTeachers();
  const [flash, showFlash] = useFlash();
  return (
    <div className="space-y-4">
      <div aria-live="polite">{flash && <Alert tone="success">{flash}</Alert>}</div>
      <Loaded query={q} failed="admin.teachers.failed" empty={t('admin.teachers.none')}>
        {(list) => (
          <ul className="space-y-4">
            {list.map((p) => (
              <Candidate key={p.teacher.id} pending={p} onDone={showFlash} />
            ))}
          </ul>
        )}
      </Loaded>
    </div>
  );
}

function Candidate({ pending: p, onDone }: { pending: PendingTeacher; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const now = useNow();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const approve = useApproveTeacher();
  const reject = useRejectTeacher();
  const approving = useAction([]);
  const name = p.teacher.name || p.teacher.username;
  const titleId = `candidate-${p.teacher.id}`;
  return (
    <li aria-labelledby={titleId} data-testid="pending-teacher" className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start gap-4">
        <Avatar user={p.teacher} className="size-20 text-3xl" />
        <div className="min-w-0 flex-1 basis-48">
          <h2 id={titleId} className="break-words text-lg font-semibold">
            <bdi>{name}</bdi>
          </h2>
          <Link to={hrefs.adminUser(p.teacher.id)} className="text-sm text-link hover:underline">
            <bdi dir="ltr">@{p.teacher.username}</bdi>
          </Link>
          <p className="mt-1 text-xs text-muted">
            {p.teacher.phone && (
              <>
                <bdi dir="ltr" className="tabular-nums">
                  {formatDigits(p.teacher.phone, lang)}
                </bdi>
                {' · '}
              </>
            )}
            {t('admin.teachers.requested', { date: formatDateTime(p.requested_at, lang), wait: formatDuration(now - Date.parse(p.requested_at), lang) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('approve')}>
            <Check className="size-4" aria-hidden />
            {t('admin.teachers.approve')}
          </Button>
          <Button variant="danger" onClick={() => setDialog('reject')}>
            <X className="size-4" aria-hidden />
            {t('admin.teachers.reject')}
          </Button>
        </div>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 space-y-3">
          <h3 className="text-sm font-semibold">{t('admin.teachers.bio')}</h3>
          {p.bio ? (
            <p dir="auto" className="whitespace-pre-line break-words text-sm">
              {p.bio}
            </p>
          ) : (
            <p className="text-sm text-danger">{t('admin.teachers.noBio')}</p>
          )}
          <h3 className="text-sm font-semibold">{t('admin.teachers.prices')}</h3>
          {p.levels.length === 0 ? (
            <p className="text-sm text-danger">{t('admin.teachers.noPrices')}</p>
          ) : (
            <ul className="divide-y divide-line rounded-xl border border-line text-sm">
              {p.levels.map((l) => (
                <li key={`${l.language}-${l.level}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span>{languageLevel(l.language, l.level, lang)}</span>
                  <span className="tabular-nums text-muted">
                    {formatMoney(l.regular_price, lang)}
                    {l.exam_price ? ` · ${t('admin.teachers.examPrice', { price: formatMoney(l.exam_price, lang) })}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="min-w-0 space-y-3">
          <h3 className="text-sm font-semibold">{t('admin.teachers.video')}</h3>
          {p.video_url ? (
            <video src={p.video_url} controls preload="metadata" className="aspect-video w-full rounded-xl bg-black">
              <a href={p.video_url}>{t('admin.teachers.openVideo')}</a>
            </video>
          ) : (
            <p className="text-sm text-muted">{t('admin.teachers.noVideo')}</p>
          )}
          <h3 className="text-sm font-semibold">{t('admin.teachers.documents')}</h3>
          {p.documents.length === 0 ? (
            <p className="text-sm text-muted">{t('admin.teachers.noDocuments')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {p.documents.map((d) => (
                <li key={d.id}>
                  <a href={d.url} target="_blank" rel="noopener noreferrer" className="inline-flex max-w-full items-center gap-1.5 text-link hover:underline">
                    <FileText className="size-4 shrink-0" aria-hidden />
                    <bdi className="truncate">{d.name}</bdi>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={dialog === 'approve'}
        onOpenChange={(o) => !o && setDialog(null)}
        title={t('admin.teachers.approveTitle', { name })}
        body={t('admin.teachers.approveBody')}
        confirmLabel={t('admin.teachers.approve')}
        cancelLabel={t('admin.cancel')}
        loading={approving.pending}
        error={approving.error}
        onConfirm={() =>
          void approving.run(() => approve.mutateAsync(p.teacher.id)).then((ok) => {
            if (!ok) return;
            setDialog(null);
            onDone(t('admin.teachers.approved', { name }));
          })
        }
      />
      {dialog === 'reject' && (
        <ReasonDialog
          title={t('admin.teachers.rejectTitle', { name })}
          description={t('admin.teachers.rejectBody')}
          label={t('admin.teachers.rejectReason')}
          confirmLabel={t('admin.teachers.reject')}
          tone="danger"
          onClose={() => setDialog(null)}
          onSubmit={(reason) => reject.mutateAsync({ id: p.teacher.id, reason }).then(() => onDone(t('admin.teachers.rejected', { name })))}
        />
      )}
    </li>
  );
}
