import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { StudentMaterials } from '@/features/materials/components/student-materials';
import { MyNotes } from '@/features/notes/components/my-notes';

type Tab = 'materials' | 'notes';

/** StudentNotesRoute is 'Education' (/student/notes): the materials of the
 * student's teachers and, in a second tab (?tab=notes), their own study notes. */
export function StudentNotesRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'notes' ? 'notes' : 'materials';
  const choose = (next: Tab) => {
    const p = new URLSearchParams(params);
    if (next === 'notes') p.set('tab', 'notes');
    else p.delete('tab');
    setParams(p, { replace: true });
  };
  return (
    <>
      <PageHeading description={t('materials.studentIntro')}>{t('pages.studentNotes')}</PageHeading>
      <div className="mb-5 max-w-sm">
        <SegmentedTabs
          label={t('materials.sections')}
          idPrefix="education-tab"
          panelId="education-panel"
          value={tab}
          onChange={choose}
          options={[
            { value: 'materials', label: t('materials.tabMaterials') },
            { value: 'notes', label: t('notes.tab') },
          ]}
        />
      </div>
      <div id="education-panel" role="tabpanel" aria-labelledby={`education-tab-${tab}`}>
        {tab === 'notes' ? <MyNotes /> : <StudentMaterials />}
      </div>
    </>
  );
}
