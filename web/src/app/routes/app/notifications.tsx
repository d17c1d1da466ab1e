import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';

export function StudentNotificationsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('notifications.intro')}>{t('pages.notifications')}</PageHeading>
      <NotificationsPage role="student" />
    </>
  );
}

export function TeacherNotificationsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('notifications.intro')}>{t('pages.notifications')}</PageHeading>
      <NotificationsPage role="teacher" />
    </>
  );
}
