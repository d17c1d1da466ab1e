import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { TeacherStudents } from '@/features/students/components/teacher-students';

/** TeacherStudentsRoute is the teacher's Students screen. */
export function TeacherStudentsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('students.intro')}>{t('pages.teacherStudents')}</PageHeading>
      <TeacherStudents />
    </>
  );
}
