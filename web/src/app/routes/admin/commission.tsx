import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { CommissionForm } from '@/features/admin/components/commission-form';

export function AdminCommissionRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.commission.subtitle')}>{t('admin.pages.commission')}</PageHeading>
      <CommissionForm />
    </>
  );
}
