import { useTranslation } from 'react-i18next';
import { Play, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useAudit } from '../api/audit';
import { Loaded, Panel } from './panel';

/** AuditReport runs the ledger and booking audits and shows what they found:
 * the same checks as `zabano audit`. */
export function AuditReport() {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useAudit();
  return (
    <Panel
      id="audit"
      title={t('admin.audit.title')}
      actions={
        <Button variant="secondary" loading={q.isFetching} onClick={() => void q.refetch()}>
          <Play className="size-4 rtl:-scale-x-100" aria-hidden />
          {t('admin.audit.run')}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-muted">{t('admin.audit.description')}</p>
      <Loaded query={q} failed="admin.audit.failed">
        {(a) => (
          <div className="space-y-3" aria-live="polite">
            {a.ok ? (
              <Alert tone="success">
                <span className="inline-flex items-center gap-2 font-medium">
                  <ShieldCheck className="size-4" aria-hidden />
                  {t('admin.audit.cleanLong')}
                </span>
              </Alert>
            ) : (
              <div role="alert" className="flex items-center gap-2 rounded-lg border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger">
                <ShieldAlert className="size-5 shrink-0" aria-hidden />
                {t('admin.audit.findings', { count: a.findings.length, n: formatNumber(a.findings.length, lang) })}
              </div>
            )}
            {a.findings.length > 0 && (
              <ul className="divide-y divide-line rounded-xl border border-line">
                {a.findings.map((f, i) => (
                  <li key={`${f.check}-${i}`} data-testid="audit-finding" className="px-4 py-3 text-sm">
                    <code dir="ltr" className="block text-xs text-muted">
                      {f.check}
                    </code>
                    <p dir="auto" className="mt-1 break-words">
                      {f.message}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-xs text-muted">{t('admin.audit.checkedAt', { date: formatDateTime(a.checked_at, lang) })}</p>
          </div>
        )}
      </Loaded>
    </Panel>
  );
}
