import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Ban, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, formatDigits, formatIban, formatMoney, formatNumber, formatSignedMoney } from '@/lib/format';
import type { Lang } from '@/lib/i18n/langs';
import { msg, type TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { useFlash } from '@/lib/use-flash';
import { useSuspendUser, useUnsuspendUser, useUser } from '../api/users';
import type { AdminBooking, UserDetail, WalletTransaction } from '../api/types';
import { useAction, ReasonDialog } from './action-dialog';
import { AdjustDialog } from './adjust-dialog';
import { bookingStatusLabel, paymentStatusLabel, reviewStatusLabel } from './labels';
import { Badge, Detail, Panel } from './panel';
import { Avatar, Person, RoleBadge } from './person';
import { UserState } from './user-search';

const txType: Record<string, TKey> = {
  topup: msg('wallet.types.topup'),
  class_payment: msg('wallet.types.classPayment'),
  refund: msg('wallet.types.refund'),
  withdrawal: msg('wallet.types.withdrawal'),
  bonus: msg('wallet.types.bonus'),
  other: msg('wallet.types.other'),
};

/** describe words a transaction's description as the wallet screens do: the
 * server sends "class #12" or an IBAN as data. */
function describe(description: string, t: TFunction, lang: Lang): string {
  const d = description.trim();
  const cls = /^class #(\d+)$/.exec(d);
  if (cls) return t('wallet.transactions.classNo', { id: formatDigits(cls[1]!, lang) });
  if (/^IR\d{24}$/.test(d)) return t('wallet.transactions.toIban', { iban: formatIban(d) });
  return d;
}

/** AdminUserPage is one user's page: who they are, their balance and review
 * state, their classes, payments, wallet transactions and chats (metadata
 * only: the console shows no message text outside a dispute), and the
 * operator's actions on them. */
export function AdminUserPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useUser(id);
  const [flash, showFlash] = useFlash();
  return (
    <div className="space-y-5">
      <Link to={paths.admin.users.path} className="inline-flex items-center gap-1.5 text-sm font-medium text-link hover:underline">
        <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
        {t('admin.users.back')}
      </Link>
      <div aria-live="polite">{flash && <Alert tone="success">{flash}</Alert>}</div>
      {q.isPending ? (
        <PageSpinner />
      ) : q.isError ? (
        <ErrorBanner onRetry={() => void q.refetch()}>{errorText(q.error, t, 'admin.users.pageFailed')}</ErrorBanner>
      ) : (
        <>
          <Head detail={q.data} onDone={showFlash} />
          <div className="grid gap-5 xl:grid-cols-2">
            <Bookings bookings={q.data.bookings} />
            <Payments detail={q.data} />
            <Transactions transactions={q.data.transactions} />
            <Chats detail={q.data} />
          </div>
        </>
      )}
    </div>
  );
}

function Head({ detail, onDone }: { detail: UserDetail; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const u = detail.user;
  const [dialog, setDialog] = useState<'suspend' | 'unsuspend' | 'adjust' | null>(null);
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const lift = useAction([]);
  const member = u.role !== 'admin' && !u.deleted;
  return (
    <section aria-labelledby="user-name" className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start gap-4">
        <Avatar user={u} className="size-16 text-2xl" />
        <div className="min-w-0 flex-1 basis-48">
          <h2 id="user-name" className="break-words text-xl font-bold">
            <bdi>{u.name || u.username}</bdi>
          </h2>
          <p className="text-sm text-muted">
            <bdi dir="ltr">@{u.username}</bdi>
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <RoleBadge role={u.role} />
            <UserState user={u} />
            {detail.teacher && (
              <Badge tone={detail.teacher.review_status === 'approved' ? 'good' : detail.teacher.review_status === 'rejected' ? 'bad' : 'waiting'}>
                {t(reviewStatusLabel[detail.teacher.review_status])}
              </Badge>
            )}
          </div>
        </div>
        {member && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDialog('adjust')}>
              <SlidersHorizontal className="size-4" aria-hidden />
              {t('admin.adjust.open')}
            </Button>
            {u.suspended_at ? (
              <Button variant="secondary" onClick={() => setDialog('unsuspend')}>
                <RotateCcw className="size-4" aria-hidden />
                {t('admin.users.unsuspend')}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setDialog('suspend')}>
                <Ban className="size-4" aria-hidden />
                {t('admin.users.suspend')}
              </Button>
            )}
          </div>
        )}
      </div>

      {u.suspended_at && (
        <Alert tone="error" className="mt-4">
          {t('admin.users.suspendedSince', { date: formatDateTime(u.suspended_at, lang) })}
          {u.suspended_reason && <span className="mt-1 block">{t('admin.users.suspendedReason', { reason: u.suspended_reason })}</span>}
        </Alert>
      )}
      {u.role === 'teacher' && (
        <Link to={`${paths.admin.reviews.path}?teacher=${u.id}`} className="mt-3 inline-block text-sm font-medium text-link hover:underline">
          {t('admin.users.reviews')}
        </Link>
      )}
      {detail.teacher?.review_status === 'rejected' && detail.teacher.review_reason && (
        <Alert tone="info" className="mt-4">
          {t('admin.users.rejectedReason', { reason: detail.teacher.review_reason })}
        </Alert>
      )}

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Detail label={t('admin.users.phone')}>
          {u.phone ? (
            <bdi dir="ltr" className="tabular-nums">
              {formatDigits(u.phone, lang)}
            </bdi>
          ) : (
            '—'
          )}
        </Detail>
        <Detail label={t('admin.users.email')}>{u.email ? <bdi dir="ltr">{u.email}</bdi> : '—'}</Detail>
        <Detail label={t('admin.users.joinedAt')}>{formatDate(u.created_at, lang)}</Detail>
        {u.role !== 'admin' && (
          <Detail label={t('admin.users.balance')}>
            <span className="font-semibold tabular-nums" data-testid="user-balance">
              {formatMoney(detail.balance, lang)}
            </span>
          </Detail>
        )}
      </dl>

      {dialog === 'suspend' && (
        <ReasonDialog
          title={t('admin.users.suspendTitle', { name: u.name || u.username })}
          description={u.role === 'teacher' ? t('admin.users.suspendTeacherBody') : t('admin.users.suspendBody')}
          confirmLabel={t('admin.users.suspend')}
          tone="danger"
          onClose={() => setDialog(null)}
          onSubmit={(reason) => suspend.mutateAsync({ id: u.id, reason }).then(() => onDone(t('admin.users.suspendedDone')))}
        />
      )}
      <ConfirmDialog
        open={dialog === 'unsuspend'}
        onOpenChange={(o) => !o && setDialog(null)}
        title={t('admin.users.unsuspendTitle', { name: u.name || u.username })}
        body={t('admin.users.unsuspendBody')}
        confirmLabel={t('admin.users.unsuspend')}
        cancelLabel={t('admin.cancel')}
        loading={lift.pending}
        error={lift.error}
        onConfirm={() =>
          void lift.run(() => unsuspend.mutateAsync(u.id)).then((ok) => {
            if (!ok) return;
            setDialog(null);
            onDone(t('admin.users.unsuspendedDone'));
          })
        }
      />
      {dialog === 'adjust' && (
        <AdjustDialog
          user={u}
          onClose={() => setDialog(null)}
          onDone={(a) => onDone(t('admin.adjust.done', { amount: formatSignedMoney(a.amount, lang), balance: formatMoney(a.balance, lang) }))}
        />
      )}
    </section>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-line">{children}</ul>;
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-2 text-sm text-muted">{children}</p>;
}

function bookingTone(status: AdminBooking['status']) {
  if (status === 'done') return 'good' as const;
  if (status === 'approved_cancel') return 'neutral' as const;
  return 'waiting' as const;
}

function Bookings({ bookings }: { bookings: AdminBooking[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Panel id="user-classes" title={t('admin.users.classes', { n: formatNumber(bookings.length, lang) })}>
      {bookings.length === 0 ? (
        <Empty>{t('admin.users.noClasses')}</Empty>
      ) : (
        <List>
          {bookings.map((b) => (
            <li key={b.id} className="space-y-2 py-3" data-testid="user-class">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium">{formatDateTime(b.start, lang)}</span>
                <Badge tone={bookingTone(b.status)}>{t(bookingStatusLabel[b.status])}</Badge>
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                <Person user={b.teacher} role />
                <Person user={b.student} role />
                <span className="ms-auto font-semibold tabular-nums">{formatMoney(b.price, lang)}</span>
              </div>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}

function Payments({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Panel id="user-payments" title={t('admin.users.payments')}>
      {detail.payments.length === 0 ? (
        <Empty>{t('admin.users.noPayments')}</Empty>
      ) : (
        <List>
          {detail.payments.map((p) => (
            <li key={p.authority} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <span className="min-w-0">
                <span className="block font-semibold tabular-nums">{formatMoney(p.amount, lang)}</span>
                <span className="block text-xs text-muted">{formatDateTime(p.created_at, lang)}</span>
                <bdi dir="ltr" className="block truncate font-mono text-xs text-muted">
                  {p.authority}
                </bdi>
              </span>
              <Badge tone={p.status === 'paid' ? 'good' : p.status === 'pending' ? 'waiting' : 'bad'}>{t(paymentStatusLabel[p.status])}</Badge>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}

function Transactions({ transactions }: { transactions: WalletTransaction[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Panel id="user-transactions" title={t('admin.users.transactions')}>
      {transactions.length === 0 ? (
        <Empty>{t('admin.users.noTransactions')}</Empty>
      ) : (
        <List>
          {transactions.map((x) => (
            <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <span className="min-w-0">
                <span className="block font-medium">{t(txType[x.type] ?? 'wallet.types.other')}</span>
                <span className="block text-xs text-muted">{formatDateTime(x.created_at, lang)}</span>
                {x.description && (
                  <bdi className="block break-words text-xs text-muted ltr:text-left rtl:text-right">{describe(x.description, t, lang)}</bdi>
                )}
              </span>
              <span className={x.amount < 0 ? 'font-semibold tabular-nums text-danger' : 'font-semibold tabular-nums text-success'}>
                {formatSignedMoney(x.amount, lang)}
              </span>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}

function Chats({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Panel id="user-chats" title={t('admin.users.chats')}>
      <p className="mb-2 text-xs text-muted">{t('admin.users.chatsNote')}</p>
      {detail.chats.length === 0 ? (
        <Empty>{t('admin.users.noChats')}</Empty>
      ) : (
        <List>
          {detail.chats.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <Person user={c.with} />
              <span className="text-xs text-muted">
                {t('admin.users.messages', { count: c.messages, n: formatNumber(c.messages, lang) })}
                {c.last_message_at && ` · ${t('admin.users.lastMessage', { date: formatDateTime(c.last_message_at, lang) })}`}
              </span>
            </li>
          ))}
        </List>
      )}
    </Panel>
  );
}
