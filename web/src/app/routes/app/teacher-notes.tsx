import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { TeacherCourses } from '@/features/courses/components/teacher-courses';
import { TeacherMaterials } from '@/features/materials/components/teacher-materials';

type Tab = 'materials' | 'courses';

/** TeacherNotesRoute is the teacher's Materials screen (/teacher/notes) with
 * their courses in a second tab (?tab=courses). */
export function TeacherNotesRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'courses' ? 'courses' : 'materials';
  const choose = (next: Tab) => {
    const p = new URLSearchParams(params);
    if (next === 'courses') p.set('tab', 'courses');
    else p.delete('tab');
    setParams(p, { replace: true });
  };
  return (
    <>
      <PageHeading description={t('materials.teacherIntro')}>{t('pages.teacherNotes')}</PageHeading>
      <div className="mb-5 max-w-sm">
        <SegmentedTabs
          label={t('materials.sections')}
          idPrefix="teacher-notes-tab"
          panelId="teacher-notes-panel"
          value={tab}
          onChange={choose}
          options={[
            { value: 'materials', label: t('materials.tabMaterials') },
            { value: 'courses', label: t('courses.tab') },
          ]}
        />
      </div>
      <div id="teacher-notes-panel" role="tabpanel" aria-labelledby={`teacher-notes-tab-${tab}`}>
        {tab === 'courses' ? <TeacherCourses /> : <TeacherMaterials />}
      </div>
    </>
  );
}
