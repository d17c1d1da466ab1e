import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { TeacherClasses } from '@/features/classes/components/teacher-classes';

/** TeacherBookedSlotsRoute is /teacher/booked-slots, the teacher's classes and cancellation requests. */
export function TeacherBookedSlotsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('classes.teacher.intro')}>{t('pages.teacherBookedSlots')}</PageHeading>
      <TeacherClasses />
    </>
  );
}
