import { useTranslation } from 'react-i18next';
import { CalendarPlus } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { NewItemPanel } from '@/components/ui/new-item-panel';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { EmptyState } from '@/components/ui/empty-state';
import { useCourses } from '../api/get-courses';
import { TeacherCourseCard } from './course-card';
import { CourseForm } from './course-form';

/** TeacherCourses is the teacher's course management: a form for a new
 * recurring course and the list of their courses. */
export function TeacherCourses() {
  const { t } = useTranslation();
  const courses = useCourses();
  const list = courses.data ?? [];
  return (
    <div className="space-y-6">
      <NewItemPanel title={t('courses.new')} addedText={t('courses.added')}>
        {({ done, cancel }) => <CourseForm onDone={done} onCancel={cancel} />}
      </NewItemPanel>

      <section aria-labelledby="teacher-courses-title" aria-busy={courses.isPending || undefined}>
        <h2 id="teacher-courses-title" className="mb-3 text-lg font-semibold">
          {t('courses.mine')}
        </h2>
        {courses.isPending ? (
          <div className="flex min-h-40 items-center justify-center text-primary">
            <Spinner className="size-8" label={t('common.loading')} />
          </div>
        ) : courses.isError ? (
          <ErrorBanner onRetry={() => void courses.refetch()}>{errorText(courses.error, t, 'courses.loadFailed')}</ErrorBanner>
        ) : list.length === 0 ? (
          <EmptyState icon={CalendarPlus} title={t('courses.emptyTeacher')} hint={t('courses.emptyTeacherHint')} />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {list.map((c) => (
              <TeacherCourseCard key={c.id} c={c} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
