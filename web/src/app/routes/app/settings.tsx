import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { SettingsScreen } from '@/features/settings/components/settings-screen';

export function StudentSettingsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('settings.intro')}>{t('pages.settings')}</PageHeading>
      <SettingsScreen role="student" notifications={<NotificationSettings role="student" />} />
    </>
  );
}

export function TeacherSettingsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('settings.intro')}>{t('pages.settings')}</PageHeading>
      <SettingsScreen role="teacher" notifications={<NotificationSettings role="teacher" />} />
    </>
  );
}
