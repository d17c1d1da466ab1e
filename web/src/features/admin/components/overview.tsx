import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Banknote, Scale, ShieldAlert, ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { msg, type TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { useOverview } from '../api/overview';
import type { Overview, Period } from '../api/types';
import { Loaded, Panel } from './panel';

/** The rows of the figures table: the contract's fields, each a count or money. */
const rows: ReadonlyArray<{ key: keyof Period; label: TKey; money?: true }> = [
  { key: 'new_students', label: msg('admin.overview.newStudents') },
  { key: 'new_teachers', label: msg('admin.overview.newTeachers') },
  { key: 'classes_booked', label: msg('admin.overview.classesBooked') },
  { key: 'classes_done', label: msg('admin.overview.classesDone') },
  { key: 'topped_up', label: msg('admin.overview.toppedUp'), money: true },
  { key: 'paid_to_teachers', label: msg('admin.overview.paidToTeachers'), money: true },
];

/** AdminOverview is the console's first screen: the marketplace's figures of
 * today and this month as the server counts them (days and months in Tehran),
 * and what waits for an operator. */
export function AdminOverview() {
  const q = useOverview();
  return (
    <Loaded query={q} failed="admin.overview.failed">
      {(o) => (
        <div className="space-y-6">
          <Waiting overview={o} />
          <Figures overview={o} />
        </div>
      )}
    </Loaded>
  );
}

function Waiting({ overview: o }: { overview: Overview }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label={t('admin.overview.waitingTitle')}>
      <Tile
        to={paths.admin.withdrawals.path}
        icon={<Banknote className="size-5" aria-hidden />}
        label={t('admin.overview.waitingWithdrawals')}
        value={formatNumber(o.waiting_withdrawals.count, lang)}
        note={formatMoney(o.waiting_withdrawals.amount, lang)}
        attention={o.waiting_withdrawals.count > 0}
      />
      <Tile
        to={paths.admin.disputes.path}
        icon={<Scale className="size-5" aria-hidden />}
        label={t('admin.overview.openDisputes')}
        value={formatNumber(o.open_disputes, lang)}
        attention={o.open_disputes > 0}
      />
      <Tile
        to={paths.admin.teachers.path}
        icon={<BadgeCheck className="size-5" aria-hidden />}
        label={t('admin.overview.pendingTeachers')}
        value={formatNumber(o.pending_teachers, lang)}
        attention={o.pending_teachers > 0}
      />
      <Tile
        to={paths.admin.audit.path}
        icon={o.audit.ok ? <ShieldCheck className="size-5" aria-hidden /> : <ShieldAlert className="size-5" aria-hidden />}
        label={t('admin.overview.audit')}
        value={o.audit.ok ? t('admin.audit.clean') : t('admin.audit.findings', { count: o.audit.findings.length, n: formatNumber(o.audit.findings.length, lang) })}
        note={t('admin.audit.checkedAt', { date: formatDateTime(o.audit.checked_at, lang) })}
        attention={!o.audit.ok}
        bad={!o.audit.ok}
      />
    </ul>
  );
}

function Figures({ overview: o }: { overview: Overview }) {
  const { t } = useTranslation();
  const lang = useLang();
  const value = (p: Period, r: (typeof rows)[number]) => (r.money ? formatMoney(p[r.key], lang) : formatNumber(p[r.key], lang));
  return (
    <Panel id="overview-figures" title={t('admin.overview.figuresTitle')}>
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{t('admin.overview.figuresTitle')}</caption>
        <thead>
          <tr className="border-b border-line text-xs text-muted">
            <th scope="col" className="w-2/5 py-2 text-start font-medium">
              <span className="sr-only">{t('admin.overview.figure')}</span>
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t('admin.overview.today')}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t('admin.overview.month')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="py-2.5 text-start font-normal">
                {t(r.label)}
              </th>
              <td className="py-2.5 text-end font-semibold tabular-nums">{value(o.today, r)}</td>
              <td className="py-2.5 text-end font-semibold tabular-nums">{value(o.month, r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-muted">{t('admin.overview.tehranNote')}</p>
    </Panel>
  );
}

function Tile({ to, icon, label, value, note, attention, bad }: { to: string; icon: ReactNode; label: string; value: string; note?: string; attention: boolean; bad?: boolean }) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          'flex h-full flex-col rounded-2xl border bg-surface p-4 transition-colors hover:bg-surface-2',
          bad ? 'border-danger/50' : attention ? 'border-primary/50' : 'border-line',
        )}
      >
        <span className="flex items-center gap-2 text-sm font-medium text-muted">
          <span className={bad ? 'text-danger' : 'text-primary'}>{icon}</span>
          {label}
        </span>
        <span className={cn('mt-2 text-2xl font-bold tabular-nums', bad && 'text-danger')}>{value}</span>
        {note && <span className="mt-1 text-xs text-muted">{note}</span>}
      </Link>
    </li>
  );
}
