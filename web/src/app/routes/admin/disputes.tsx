import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { DisputeList, DisputePage } from '@/features/admin/components/disputes';

export function AdminDisputesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.disputes.subtitle')}>{t('admin.pages.disputes')}</PageHeading>
      <DisputeList />
    </>
  );
}

export function AdminDisputeRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().disputeId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.admin.disputes.path} replace />;
  return (
    <>
      <PageHeading>{t('admin.pages.dispute')}</PageHeading>
      <DisputePage key={id} id={id} />
    </>
  );
}
