import { useTranslation } from 'react-i18next';
import { TeacherCourses } from '@/features/courses/components/teacher-courses';
import { TeacherMaterials } from '@/features/materials/components/teacher-materials';
import { TabbedPage } from './tabbed-page';

/** TeacherNotesRoute is the teacher's Materials screen (/teacher/notes) with
 * their courses in a second tab (?tab=courses). */
export function TeacherNotesRoute() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      title={t('pages.teacherNotes')}
      description={t('materials.teacherIntro')}
      label={t('materials.sections')}
      tabs={[
        { value: 'materials', label: t('materials.tabMaterials'), content: <TeacherMaterials /> },
        { value: 'courses', label: t('courses.tab'), content: <TeacherCourses /> },
      ]}
    />
  );
}
