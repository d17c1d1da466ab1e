import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { AdminUserPage } from '@/features/admin/components/user-page';
import { UserSearch } from '@/features/admin/components/user-search';

export function AdminUsersRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.users.subtitle')}>{t('admin.pages.users')}</PageHeading>
      <UserSearch title={t('admin.users.results')} />
    </>
  );
}

export function AdminUserRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().userId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.admin.users.path} replace />;
  return (
    <>
      <PageHeading>{t('admin.pages.user')}</PageHeading>
      <AdminUserPage key={id} id={id} />
    </>
  );
}
