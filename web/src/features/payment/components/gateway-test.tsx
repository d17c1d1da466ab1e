import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical, Send, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { NumberField } from '@/components/ui/number-field';
import { PageHeading } from '@/components/ui/page-heading';
import { ApiError, NetworkError } from '@/lib/api/errors';
import { formatMoney, parseAmount } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { TEST_DEFAULT_AMOUNT } from '../amounts';
import { goToGateway, startPayment } from '../api/request-payment';
import { verifyPayment } from '../api/verify-payment';
import { readPendingPayment } from '../pending-payment';

/** Time the raw answer stays on screen before the browser goes to the gateway. */
export const TEST_REDIRECT_MS = 1500;

type Result = { action: 'request' | 'verify'; ok: boolean; body: unknown };

/** rawError is what the test page prints for a failed call. */
function rawError(err: unknown): unknown {
  if (err instanceof ApiError) return { status: err.status, detail: err.detail, fields: err.fields };
  if (err instanceof NetworkError) return { error: err.message };
  return { error: err instanceof Error ? err.message : String(err) };
}

/** GatewayTest is the payment gateway's test page (spec section 2): it sends
 * a payment request and a verification as they are and prints the raw
 * answers; a request that succeeds goes on to the gateway. */
export function GatewayTest() {
  const { t } = useTranslation();
  const lang = useLang();
  const [amount, setAmount] = useState(String(TEST_DEFAULT_AMOUNT));
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const [authority, setAuthority] = useState(() => readPendingPayment()?.authority ?? '');
  const [result, setResult] = useState<Result | null>(null);
  const [gatewayUrl, setGatewayUrl] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: startPayment,
    onSuccess: ({ answer, url }) => {
      setResult({ action: 'request', ok: true, body: answer });
      setAuthority(answer.data.authority);
      setGatewayUrl(url);
    },
    onError: (err) => setResult({ action: 'request', ok: false, body: rawError(err) }),
  });
  const verify = useMutation({
    mutationFn: verifyPayment,
    onSuccess: (answer) => setResult({ action: 'verify', ok: answer.success, body: answer }),
    onError: (err) => setResult({ action: 'verify', ok: false, body: rawError(err) }),
  });

  useEffect(() => {
    if (!gatewayUrl) return;
    const id = window.setTimeout(() => goToGateway(gatewayUrl), TEST_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [gatewayUrl]);

  const n = parseAmount(amount);
  const busy = create.isPending || verify.isPending || gatewayUrl !== null;
  return (
    <>
      <PageHeading description={t('payment.test.subtitle')}>{t('payment.test.title')}</PageHeading>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>section]:min-w-0">
        <section aria-labelledby="test-request" className="rounded-2xl border border-line bg-surface p-5">
          <h2 id="test-request" className="flex items-center gap-2 text-lg font-semibold">
            <FlaskConical className="size-5 text-primary" aria-hidden />
            {t('payment.test.requestTitle')}
          </h2>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              setResult(null);
              // Sent as typed: the server's own validation answers are what this page shows.
              create.mutate({ amount: n ?? 0, description, email, mobile });
            }}
          >
            <NumberField
              label={t('payment.fields.amount')}
              name="amount"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              hint={n !== null ? formatMoney(n, lang) : undefined}
            />
            <TextField
              label={t('payment.fields.description')}
              name="description"
              optional
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            <TextField
              label={t('fields.email')}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              optional
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label={t('fields.phone')}
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              optional
              placeholder="09121234567"
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
            />
            <Button type="submit" className="w-full" loading={create.isPending} disabled={busy}>
              <Send className="size-4 rtl:-scale-x-100" aria-hidden />
              {t('payment.test.create')}
            </Button>
          </form>
        </section>

        <section aria-labelledby="test-verify" className="rounded-2xl border border-line bg-surface p-5">
          <h2 id="test-verify" className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            {t('payment.test.verifyTitle')}
          </h2>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              setResult(null);
              verify.mutate(authority.trim());
            }}
          >
            <TextField
              label={t('payment.test.authority')}
              name="authority"
              dir="ltr"
              autoComplete="off"
              value={authority}
              onChange={(e) => setAuthority(e.target.value)}
            />
            <Button type="submit" variant="secondary" className="w-full" loading={verify.isPending} disabled={busy}>
              <ShieldCheck className="size-4" aria-hidden />
              {t('payment.test.verify')}
            </Button>
          </form>

          <div className="mt-6">
            <h3 className="text-sm font-semibold">{t('payment.test.result')}</h3>
            <div aria-live="polite">
              {result ? (
                <>
                  <p className={result.ok ? 'mt-2 text-sm text-success' : 'mt-2 text-sm text-danger'}>
                    {result.ok ? t('payment.test.ok') : t('payment.test.failed')}
                  </p>
                  {gatewayUrl && <p className="mt-1 text-sm text-muted">{t('payment.test.redirecting')}</p>}
                  <pre
                    dir="ltr"
                    data-testid="raw-result"
                    tabIndex={0}
                    aria-label={t('payment.test.result')}
                    className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-surface-2 p-3 text-start text-xs leading-relaxed [overflow-wrap:anywhere]"
                  >
                    {JSON.stringify(result.body, null, 2)}
                  </pre>
                </>
              ) : (
                <p className="mt-2 text-sm text-muted">{t('payment.test.noResult')}</p>
              )}
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
