import { useTranslation } from 'react-i18next';
import { StudentMaterials } from '@/features/materials/components/student-materials';
import { MyNotes } from '@/features/notes/components/my-notes';
import { TabbedPage } from './tabbed-page';

/** StudentNotesRoute is 'Education' (/student/notes): the materials of the
 * student's teachers and, in a second tab (?tab=notes), their own study notes. */
export function StudentNotesRoute() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      title={t('pages.studentNotes')}
      description={t('materials.studentIntro')}
      label={t('materials.sections')}
      tabs={[
        { value: 'materials', label: t('materials.tabMaterials'), content: <StudentMaterials /> },
        { value: 'notes', label: t('notes.tab'), content: <MyNotes /> },
      ]}
    />
  );
}
