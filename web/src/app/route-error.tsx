import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

function messageOf(err: unknown): string | null {
  if (isRouteErrorResponse(err)) return `${err.status} ${err.statusText}`.trim();
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return null;
}

/** ErrorPage tells that a screen failed to render, with the error's message and a retry. */
export function ErrorPage({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const { t } = useTranslation();
  const message = messageOf(error);
  return (
    <div className={cn('flex items-center justify-center p-6', fullPage ? 'min-h-dvh' : 'min-h-[50dvh]')}>
      <div role="alert" className="w-full max-w-lg rounded-2xl border border-line bg-surface p-6 text-center shadow-sm">
        <AlertTriangle className="mx-auto size-10 text-danger" aria-hidden />
        <h1 className="mt-3 text-xl font-bold">{t('errors.renderTitle')}</h1>
        <p className="mt-2 text-sm text-muted">{t('errors.renderBody')}</p>
        {message && (
          <pre dir="ltr" className="mt-4 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-surface-2 p-3 text-start text-xs text-fg">
            {message}
          </pre>
        )}
        <Button className="mt-5" onClick={() => window.location.reload()}>
          <RotateCw className="size-4" aria-hidden />
          {t('common.retry')}
        </Button>
      </div>
    </div>
  );
}

/** RouteError is the router's error element. */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  return <ErrorPage error={error} fullPage={fullPage} />;
}
