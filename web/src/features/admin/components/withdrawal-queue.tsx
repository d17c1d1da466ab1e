import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Landmark, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatDuration, formatIban, formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useFlash } from '@/lib/use-flash';
import { useNow } from '@/lib/use-now';
import { usePayWithdrawal, useRejectWithdrawal, useWithdrawals } from '../api/withdrawals';
import type { AdminWithdrawal, WithdrawalStatus } from '../api/types';
import { ReasonDialog } from './action-dialog';
import { withdrawalStatusLabel } from './labels';
import { Badge, Detail, Loaded } from './panel';
import { Person } from './person';
import { StatusTabs, useStatusParam } from './status-tabs';

const statuses = ['pending', 'paid', 'rejected'] as const satisfies readonly WithdrawalStatus[];

/** WithdrawalQueue is the teachers' withdrawals and the students' refunds to
 * an IBAN: the pending ones oldest first, to pay with the bank's reference or
 * reject with a reason (the money goes back to the wallet); paid and rejected
 * ones in their own tabs. */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useStatusParam(statuses);
  const q = useWithdrawals(status);
  const [flash, showFlash] = useFlash();
  return (
    <StatusTabs
      label={t('admin.withdrawals.tabs')}
      value={status}
      onChange={setStatus}
      options={statuses.map((s) => ({ value: s, label: t(withdrawalStatusLabel[s]) }))}
    >
      <div aria-live="polite" className="mb-3">
        {flash && <Alert tone="success">{flash}</Alert>}
      </div>
      <Loaded query={q} failed="admin.withdrawals.failed" empty={t(`admin.withdrawals.none.${status}`)}>
        {(list) => (
          <ul className="space-y-3">
            {list.map((w) => (
              <Row key={w.id} withdrawal={w} onDone={showFlash} />
            ))}
          </ul>
        )}
      </Loaded>
    </StatusTabs>
  );
}

function Row({ withdrawal: w, onDone }: { withdrawal: AdminWithdrawal; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const now = useNow();
  const [dialog, setDialog] = useState<'pay' | 'reject' | null>(null);
  const pay = usePayWithdrawal();
  const reject = useRejectWithdrawal();
  const amount = formatMoney(w.amount, lang);
  const name = w.user.name || w.user.username;
  return (
    <li data-testid="admin-withdrawal" className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Person user={w.user} role />
        <div className="flex items-center gap-2">
          {w.kind === 'refund' && <Badge tone="waiting">{t('admin.withdrawals.refund')}</Badge>}
          <span className="text-lg font-bold tabular-nums">{amount}</span>
        </div>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Detail label={t('admin.withdrawals.iban')}>
          <bdi dir="ltr" className="font-mono tabular-nums" data-testid="iban">
            {formatIban(w.iban)}
          </bdi>
        </Detail>
        <Detail label={t('admin.withdrawals.requested')}>{formatDateTime(w.created_at, lang)}</Detail>
        {w.status === 'pending' ? (
          <Detail label={t('admin.withdrawals.waiting')}>
            <span className="font-medium">{formatDuration(now - Date.parse(w.created_at), lang)}</span>
          </Detail>
        ) : (
          <Detail label={t(w.status === 'paid' ? 'admin.withdrawals.paidAt' : 'admin.withdrawals.rejectedAt')}>
            {w.settled_at ? formatDateTime(w.settled_at, lang) : '—'}
          </Detail>
        )}
        {w.status === 'paid' && (
          <Detail label={t('admin.withdrawals.reference')} className="sm:col-span-3">
            <bdi dir="ltr" className="font-mono">
              {w.reference}
            </bdi>
          </Detail>
        )}
        {w.status === 'rejected' && (
          <Detail label={t('admin.reason')} className="sm:col-span-3">
            <bdi>{w.reason}</bdi>
          </Detail>
        )}
      </dl>
      {w.status === 'pending' && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button variant="danger" onClick={() => setDialog('reject')} aria-label={t('admin.withdrawals.rejectOf', { name, amount })}>
            <X className="size-4" aria-hidden />
            {t('admin.withdrawals.reject')}
          </Button>
          <Button onClick={() => setDialog('pay')} aria-label={t('admin.withdrawals.payOf', { name, amount })}>
            <Landmark className="size-4" aria-hidden />
            {t('admin.withdrawals.pay')}
          </Button>
        </div>
      )}
      {dialog === 'pay' && (
        <ReasonDialog
          title={t('admin.withdrawals.payTitle', { amount, name })}
          description={
            <>
              {t('admin.withdrawals.payBody')}
              <bdi dir="ltr" className="mt-1 block whitespace-nowrap font-mono text-fg ltr:text-left rtl:text-right">
                {formatIban(w.iban)}
              </bdi>
            </>
          }
          label={t('admin.withdrawals.reference')}
          hint={t('admin.withdrawals.referenceHint')}
          field="reference"
          short
          confirmLabel={t('admin.withdrawals.markPaid')}
          onClose={() => setDialog(null)}
          onSubmit={(reference) => pay.mutateAsync({ id: w.id, reference }).then(() => onDone(t('admin.withdrawals.paidDone', { amount, name })))}
        />
      )}
      {dialog === 'reject' && (
        <ReasonDialog
          title={t('admin.withdrawals.rejectTitle', { amount, name })}
          description={t('admin.withdrawals.rejectBody')}
          confirmLabel={t('admin.withdrawals.reject')}
          tone="danger"
          onClose={() => setDialog(null)}
          onSubmit={(reason) => reject.mutateAsync({ id: w.id, reason }).then(() => onDone(t('admin.withdrawals.rejectedDone', { amount, name })))}
        />
      )}
    </li>
  );
}
