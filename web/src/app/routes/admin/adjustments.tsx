import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { Adjustments } from '@/features/admin/components/adjustments';

export function AdminAdjustmentsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.adjust.subtitle')}>{t('admin.pages.adjustments')}</PageHeading>
      <Adjustments />
    </>
  );
}
