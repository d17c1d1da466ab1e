import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { AdminOverview } from '@/features/admin/components/overview';

export function AdminOverviewRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.overview.subtitle')}>{t('admin.pages.overview')}</PageHeading>
      <AdminOverview />
    </>
  );
}
