import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { PaymentList } from '@/features/admin/components/payment-list';

export function AdminPaymentsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.payments.subtitle')}>{t('admin.pages.payments')}</PageHeading>
      <PaymentList />
    </>
  );
}
