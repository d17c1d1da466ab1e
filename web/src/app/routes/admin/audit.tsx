import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { AuditReport } from '@/features/admin/components/audit-report';

export function AdminAuditRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.audit.subtitle')}>{t('admin.pages.audit')}</PageHeading>
      <AuditReport />
    </>
  );
}
