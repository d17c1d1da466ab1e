import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { StudentCourses } from '@/features/courses/components/student-courses';

/** StudentCoursesRoute lists the courses of the student's teachers. */
export function StudentCoursesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('courses.studentIntro')}>{t('pages.studentCourses')}</PageHeading>
      <StudentCourses />
    </>
  );
}
