import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { WithdrawalQueue } from '@/features/admin/components/withdrawal-queue';

export function AdminWithdrawalsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.withdrawals.subtitle')}>{t('admin.pages.withdrawals')}</PageHeading>
      <WithdrawalQueue />
    </>
  );
}
