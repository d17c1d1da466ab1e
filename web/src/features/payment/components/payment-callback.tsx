import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, RotateCw, Wallet, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { formatDigits, formatMoney, formatNumber } from '@/lib/format';
import { msg, type TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { useSettlePayment } from '../hooks/use-settle-payment';
import { PaymentFailure, type FailureReason } from '../settle-payment';

/** Time from the success message back to the wallet (spec section 9). */
export const BACK_TO_WALLET_MS = 3000;

const reasonText: Record<FailureReason, TKey> = {
  infoNotFound: msg('payment.callback.reasons.infoNotFound'),
  referenceNotFound: msg('payment.callback.reasons.referenceNotFound'),
  cancelled: msg('payment.callback.reasons.cancelled'),
  verificationError: msg('payment.callback.reasons.verificationError'),
  walletUpdateFailed: msg('payment.callback.reasons.walletUpdateFailed'),
  processingError: msg('payment.callback.reasons.processingError'),
};

const linkButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition-colors';

/** PaymentCallback is where the gateway sends the payer back with Authority
 * and Status: processing, then success (back to the wallet after 3 s) or
 * failed (retry, or back to the wallet). */
export function PaymentCallback() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const auth = useAuth();
  const authority = params.get('Authority');
  const status = params.get('Status');
  const signedIn = auth.status === 'authenticated';
  const q = useSettlePayment(authority, status, signedIn);

  useEffect(() => {
    if (!q.isSuccess) return;
    const id = window.setTimeout(() => navigate(paths.student.wallet.path, { replace: true }), BACK_TO_WALLET_MS);
    return () => window.clearTimeout(id);
  }, [q.isSuccess, navigate]);

  if (auth.status === 'unauthenticated') {
    return (
      <Failed title={t('payment.callback.failedTitle')} reason={t('errors.tokenNotFound')}>
        <Link to={paths.login.path} className={`${linkButton} bg-primary text-on-primary hover:bg-primary-hover`}>
          {t('payment.callback.login')}
        </Link>
      </Failed>
    );
  }

  if (q.isSuccess) {
    const r = q.data;
    return (
      <section aria-labelledby="payment-result" className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />
        <h1 id="payment-result" className="mt-3 text-2xl font-bold">
          {t('payment.callback.successTitle')}
        </h1>
        <p role="status" className="mt-2 text-sm text-muted">
          {t('payment.callback.successBody', { amount: formatMoney(r.amount, lang) })}
        </p>
        <dl className="mt-5 space-y-2 rounded-xl bg-surface-2 p-4 text-sm">
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted">{t('payment.callback.amount')}</dt>
            <dd className="font-semibold">{formatMoney(r.amount, lang)}</dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted">{t('payment.callback.refId')}</dt>
            <dd className="font-semibold" dir="ltr">
              {formatDigits(String(r.ref_id), lang)}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted">{t('payment.callback.balance')}</dt>
            <dd className="font-semibold">{formatMoney(r.balance, lang)}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-muted">{t('payment.callback.redirecting', { count: BACK_TO_WALLET_MS / 1000, seconds: formatNumber(BACK_TO_WALLET_MS / 1000, lang) })}</p>
        <Link
          to={paths.student.wallet.path}
          replace
          className={`${linkButton} mt-4 w-full bg-primary text-on-primary hover:bg-primary-hover`}
        >
          <Wallet className="size-4" aria-hidden />
          {t('payment.callback.backNow')}
        </Link>
      </section>
    );
  }

  if (q.isError) {
    const err = q.error;
    const reason = err instanceof PaymentFailure ? err.reason : 'processingError';
    const detail = err instanceof PaymentFailure ? (err.network ? t('errors.network') : err.detail) : null;
    return (
      <Failed title={t('payment.callback.failedTitle')} reason={t(reasonText[reason])} detail={detail}>
        {reason === 'cancelled' && <p className="text-sm text-muted">{t('payment.callback.unchanged')}</p>}
        <Button onClick={() => window.location.reload()}>
          <RotateCw className="size-4" aria-hidden />
          {t('common.retry')}
        </Button>
        <Link to={paths.student.wallet.path} replace className={`${linkButton} border border-line bg-surface hover:bg-surface-2`}>
          <Wallet className="size-4" aria-hidden />
          {t('payment.callback.backToWallet')}
        </Link>
      </Failed>
    );
  }

  return (
    <section aria-labelledby="payment-result" aria-busy className="py-4 text-center">
      <Spinner className="size-12 border-4 text-primary" />
      <h1 id="payment-result" className="mt-4 text-2xl font-bold">
        {t('payment.callback.processingTitle')}
      </h1>
      <p role="status" className="mt-2 text-sm text-muted">
        {t('payment.callback.processingBody')}
      </p>
    </section>
  );
}

function Failed({ title, reason, detail, children }: { title: string; reason: string; detail?: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby="payment-result" className="text-center">
      <XCircle className="mx-auto size-14 text-danger" aria-hidden />
      <h1 id="payment-result" className="mt-3 text-2xl font-bold">
        {title}
      </h1>
      <div role="alert" className="mt-3 rounded-lg border border-danger/30 bg-danger-bg px-4 py-3 text-sm text-danger">
        <p className="font-medium">{reason}</p>
        {detail && detail !== reason && <p className="mt-1">{detail}</p>}
      </div>
      <div className="mt-5 grid gap-2 sm:grid-cols-2 [&>p]:sm:col-span-2">{children}</div>
    </section>
  );
}
