import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import type { TKey } from '@/lib/i18n/keys';
import { tone as tones } from './labels';

/** Panel is a card of the console with a heading. */
export function Panel({ id, title, actions, children, className }: { id: string; title: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn('min-w-0 rounded-2xl border border-line bg-surface p-4 sm:p-5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

type LoadedProps<T> = {
  query: UseQueryResult<T>;
  /** failed is the message when the server's answer did not come. */
  failed: TKey;
  /** empty is what an empty list says. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
};

/** Loaded shows a query's data, or its spinner, its failure with a retry, or its empty message. */
export function Loaded<T>({ query, failed, empty, isEmpty, children }: LoadedProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8 text-primary">
        <Spinner className="size-8 border-4" label={t('common.loading')} />
      </div>
    );
  }
  if (query.isError) return <ErrorBanner onRetry={() => void query.refetch()}>{errorText(query.error, t, failed)}</ErrorBanner>;
  const data = query.data;
  const none = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0;
  if (none && empty) return <p className="py-4 text-sm text-muted">{empty}</p>;
  return <>{children(data)}</>;
}

/** Badge is a small coloured label of a state. */
export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium', tones[tone])}>{children}</span>;
}

/** Field is a label and its value in a row's details. */
export function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}
