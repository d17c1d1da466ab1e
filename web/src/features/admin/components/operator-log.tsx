import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatDigits } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { LOG_PAGE, useLogPage } from '../api/log';
import type { LogEntry } from '../api/types';
import { actionLabel, objectLabel } from './labels';
import { Loaded } from './panel';
import { Person } from './person';

/** OperatorLog is the append-only log of operators' actions, newest first:
 * who did what, on which object, when and why. It is read-only here and
 * everywhere. Older pages are read on demand, each before the last row shown. */
export function OperatorLog() {
  const { t } = useTranslation();
  // The cursors of the pages shown: the newest page first.
  const [pages, setPages] = useState<Array<number | undefined>>([undefined]);
  return (
    <div className="space-y-4">
      <Alert tone="info">{t('admin.log.readOnly')}</Alert>
      {pages.map((before, i) => (
        <LogPage key={before ?? 'newest'} before={before} last={i === pages.length - 1} onMore={(next) => setPages((p) => [...p, next])} />
      ))}
    </div>
  );
}

function LogPage({ before, last, onMore }: { before: number | undefined; last: boolean; onMore: (before: number) => void }) {
  const { t } = useTranslation();
  const q = useLogPage(before);
  return (
    <Loaded query={q} failed="admin.log.failed" empty={before === undefined ? t('admin.log.none') : undefined}>
      {(rows) => (
        <>
          {rows.length > 0 && (
            <ol className="divide-y divide-line rounded-2xl border border-line bg-surface">
              {rows.map((e) => (
                <Row key={e.id} entry={e} />
              ))}
            </ol>
          )}
          {last && rows.length >= LOG_PAGE && (
            <Button variant="secondary" className="mt-4" onClick={() => onMore(rows[rows.length - 1]!.id)}>
              {t('admin.log.more')}
            </Button>
          )}
        </>
      )}
    </Loaded>
  );
}

function Row({ entry: e }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const lang = useLang();
  const action = actionLabel(e.action);
  const object = objectLabel(e.object_type);
  return (
    <li data-testid="log-entry" className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
      <Person user={e.admin} className="min-w-44" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">
          {action ? t(action) : <code dir="ltr">{e.action}</code>}{' '}
          <span className="text-muted">
            {t('admin.log.on', { object: object ? t(object) : e.object_type, id: formatDigits(String(e.object_id), lang) })}
          </span>
        </p>
        {e.reason && (
          <p className="mt-1 break-words text-muted">
            {t('admin.log.reason')} <bdi>{e.reason}</bdi>
          </p>
        )}
      </div>
      <time dateTime={e.created_at} className="text-xs text-muted">
        {formatDateTime(e.created_at, lang)}
      </time>
    </li>
  );
}
