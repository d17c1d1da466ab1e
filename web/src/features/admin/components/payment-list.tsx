import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatDigits, formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useFlash } from '@/lib/use-flash';
import { usePayments, useReverifyPayment } from '../api/payments';
import type { AdminPayment, PaymentStatus } from '../api/types';
import { useAction } from './action-dialog';
import { paymentStatusLabel } from './labels';
import { Badge, Detail, Loaded } from './panel';
import { Person } from './person';
import { StatusTabs, useStatusParam } from './status-tabs';

const statuses = ['pending', 'paid', 'failed', 'expired'] as const satisfies readonly PaymentStatus[];

/** A payment stuck as pending or expired may have been paid after all: the gateway is asked again. */
const canReverify = (p: AdminPayment) => p.status === 'pending' || p.status === 'expired';

/** PaymentList is every gateway payment by status; one stuck as pending or
 * expired can be asked of the gateway again, and is credited once if the
 * gateway confirms it. */
export function PaymentList() {
  const { t } = useTranslation();
  const [status, setStatus] = useStatusParam(statuses);
  const q = usePayments(status);
  const [flash, showFlash] = useFlash<Notice>();
  return (
    <StatusTabs
      label={t('admin.payments.tabs')}
      value={status}
      onChange={setStatus}
      options={statuses.map((s) => ({ value: s, label: t(paymentStatusLabel[s]) }))}
    >
      <div aria-live="polite" className="mb-3">
        {flash && <Alert tone={flash.tone}>{flash.text}</Alert>}
      </div>
      <Loaded query={q} failed="admin.payments.failed" empty={t(`admin.payments.none.${status}`)}>
        {(list) => (
          <ul className="space-y-3">
            {list.map((p) => (
              <Row key={p.authority} payment={p} onDone={showFlash} />
            ))}
          </ul>
        )}
      </Loaded>
    </StatusTabs>
  );
}

type Notice = { tone: 'success' | 'info'; text: string };

function Row({ payment: p, onDone }: { payment: AdminPayment; onDone: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [asking, setAsking] = useState(false);
  const reverify = useReverifyPayment();
  const action = useAction([]);
  const amount = formatMoney(p.amount, lang);
  return (
    <li data-testid="admin-payment" className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Person user={p.user} />
        <div className="flex items-center gap-2">
          <Badge tone={p.status === 'paid' ? 'good' : p.status === 'pending' ? 'waiting' : 'bad'}>{t(paymentStatusLabel[p.status])}</Badge>
          <span className="text-lg font-bold tabular-nums">{amount}</span>
        </div>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Detail label={t('admin.payments.authority')}>
          <bdi dir="ltr" className="break-all font-mono text-xs">
            {p.authority}
          </bdi>
        </Detail>
        <Detail label={t('admin.payments.created')}>{formatDateTime(p.created_at, lang)}</Detail>
        <Detail label={t('admin.payments.refId')}>
          {p.ref_id !== null ? (
            <bdi dir="ltr" className="font-mono">
              {formatDigits(String(p.ref_id), lang)}
            </bdi>
          ) : (
            '—'
          )}
        </Detail>
      </dl>
      {canReverify(p) && (
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" onClick={() => setAsking(true)} aria-label={t('admin.payments.reverifyOf', { amount, authority: p.authority })}>
            <RefreshCw className="size-4" aria-hidden />
            {t('admin.payments.reverify')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('admin.payments.reverifyTitle', { amount })}
        body={t('admin.payments.reverifyBody')}
        confirmLabel={t('admin.payments.reverify')}
        cancelLabel={t('admin.cancel')}
        loading={action.pending}
        error={action.error}
        onConfirm={() =>
          void action
            .run(() =>
              reverify.mutateAsync(p.authority).then((after) =>
                onDone(
                  after.status === 'paid'
                    ? { tone: 'success', text: t('admin.payments.credited', { amount }) }
                    : { tone: 'info', text: t('admin.payments.notConfirmed', { status: t(paymentStatusLabel[after.status]) }) },
                ),
              ),
            )
            .then((ok) => ok && setAsking(false))
        }
      />
    </li>
  );
}
