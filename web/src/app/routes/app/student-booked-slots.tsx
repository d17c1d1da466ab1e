import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { StudentClasses } from '@/features/classes/components/student-classes';
import { RateClassDialog } from '@/features/reviews/components/rate-class-dialog';

/** StudentBookedSlotsRoute is /student/booked-slots, the student's classes ("?teacher=<id>" preselects a teacher). */
export function StudentBookedSlotsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('classes.student.intro')}>{t('pages.studentBookedSlots')}</PageHeading>
      <StudentClasses RateDialog={RateClassDialog} />
    </>
  );
}
