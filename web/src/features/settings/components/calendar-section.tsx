import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { copyText } from '@/lib/clipboard';
import { useFlash } from '@/lib/use-flash';
import { useCalendar, useResetCalendar } from '../api/calendar';

/** CalendarSection is the member's secret calendar address, for a calendar
 * app to subscribe to: copy it, or replace it (the old one stops working). */
export function CalendarSection() {
  const { t } = useTranslation();
  const id = useId();
  const feed = useCalendar();
  const reset = useResetCalendar();
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useFlash<boolean>();
  const [notice, setNotice] = useFlash();
  const [copyFailed, setCopyFailed] = useState(false);

  if (feed.isPending) {
    return (
      <div className="flex min-h-16 items-center justify-center text-primary">
        <Spinner className="size-6" label={t('common.loading')} />
      </div>
    );
  }
  if (feed.isError) {
    return <ErrorBanner onRetry={() => void feed.refetch()}>{errorText(feed.error, t, 'settings.calendar.loadFailed')}</ErrorBanner>;
  }
  const url = feed.data.url;
  const copy = async () => {
    const ok = await copyText(url);
    setCopyFailed(!ok);
    if (ok) setCopied(true);
    else document.getElementById(`${id}-url`)?.focus();
  };
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-url`} className="block text-sm font-medium">
          {t('settings.calendar.address')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-url`}
            readOnly
            dir="ltr"
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby={`${id}-hint`}
            className="block min-w-0 flex-1 rounded-lg border border-line bg-surface-2 px-3 py-2.5 font-mono text-sm text-fg focus:border-ring focus:outline-none"
          />
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? t('settings.calendar.copied') : t('settings.calendar.copy')}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {t('settings.calendar.hint')}
        </p>
      </div>
      <div aria-live="polite" className="space-y-2">
        {copyFailed && <Alert tone="info">{t('settings.calendar.copyFailed')}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <RefreshCw className="size-4" aria-hidden />
        {t('settings.calendar.reset')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => {
          setConfirming(o);
          if (!o) reset.reset();
        }}
        title={t('settings.calendar.resetTitle')}
        body={t('settings.calendar.resetBody')}
        confirmLabel={t('settings.calendar.resetConfirm')}
        cancelLabel={t('settings.account.cancel')}
        tone="danger"
        loading={reset.isPending}
        error={reset.isError ? errorText(reset.error, t, 'settings.calendar.resetFailed') : undefined}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setNotice(t('settings.calendar.resetDone'));
            },
          })
        }
      />
    </div>
  );
}
