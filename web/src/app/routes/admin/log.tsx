import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { OperatorLog } from '@/features/admin/components/operator-log';

export function AdminLogRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.log.subtitle')}>{t('admin.pages.log')}</PageHeading>
      <OperatorLog />
    </>
  );
}
