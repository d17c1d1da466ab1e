import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { AvailabilityScreen } from '@/features/availability/components/availability-screen';

/** TeacherAvailabilityRoute is /teacher/availability: the week calendar, the current slots and the Smart Builder. */
export function TeacherAvailabilityRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('availability.intro')}>{t('pages.teacherAvailability')}</PageHeading>
      <AvailabilityScreen />
    </>
  );
}
