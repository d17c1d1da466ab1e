import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { FailedDeliveries } from '@/features/admin/components/failed-deliveries';

export function AdminDeliveriesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.deliveries.subtitle')}>{t('admin.pages.deliveries')}</PageHeading>
      <FailedDeliveries />
    </>
  );
}
