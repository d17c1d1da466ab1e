import { useTranslation } from 'react-i18next';
import { Mail, MessageSquareText, Bell } from 'lucide-react';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { useFailedDeliveries } from '../api/deliveries';
import type { FailedDelivery } from '../api/types';
import { Badge, Detail, Loaded } from './panel';
import { Person } from './person';

const channelIcon = { sms: MessageSquareText, email: Mail, app: Bell } as const;

/** FailedDeliveries lists the notifications the delivery worker gave up
 * sending by a channel after its tries, newest first, with the last error. */
export function FailedDeliveries() {
  const { t } = useTranslation();
  const q = useFailedDeliveries();
  return (
    <Loaded query={q} failed="admin.deliveries.failed" empty={t('admin.deliveries.none')}>
      {(list) => (
        <ul className="space-y-3">
          {list.map((d) => (
            <Row key={d.id} delivery={d} />
          ))}
        </ul>
      )}
    </Loaded>
  );
}

function Row({ delivery: d }: { delivery: FailedDelivery }) {
  const { t } = useTranslation();
  const lang = useLang();
  const Icon = channelIcon[d.channel] ?? Bell;
  // A kind this build does not know yet shows as the server names it.
  const kind = t(`notifications.kinds.${d.kind}` as TKey, { defaultValue: d.kind });
  return (
    <li data-testid="admin-delivery" className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Person user={d.user} role />
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="bad">
            <Icon className="me-1 size-3.5" aria-hidden />
            {t(`admin.deliveries.channel.${d.channel}` as TKey, { defaultValue: d.channel })}
          </Badge>
          <span className="font-medium">{kind}</span>
        </div>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Detail label={t('admin.deliveries.created')}>{formatDateTime(d.created_at, lang)}</Detail>
        <Detail label={t('admin.deliveries.attempts')}>{formatNumber(d.attempts, lang)}</Detail>
        <Detail label={t('admin.deliveries.lastError')} className="sm:col-span-3">
          <bdi dir="ltr" className="block whitespace-pre-wrap break-all font-mono text-xs ltr:text-left rtl:text-right">
            {d.last_error || '—'}
          </bdi>
        </Detail>
      </dl>
    </li>
  );
}
