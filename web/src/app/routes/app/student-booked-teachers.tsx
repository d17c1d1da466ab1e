import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { BookedTeachers } from '@/features/dashboard/components/booked-teachers';

/** StudentBookedTeachersRoute is 'My Booked Teachers'. */
export function StudentBookedTeachersRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('dashboard.booked.intro')}>{t('pages.studentBookedTeachers')}</PageHeading>
      <BookedTeachers />
    </>
  );
}
