import { useTranslation } from 'react-i18next';
import { CalendarDays } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageSpinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { EmptyState, FindTeacherLink } from '@/components/ui/empty-state';
import { useCourses } from '../api/get-courses';
import { ClassLinkButton, CourseDetails } from './course-card';

/** StudentCourses lists the active courses of the student's teachers, with
 * teacher, days, time and details. */
export function StudentCourses() {
  const { t } = useTranslation();
  const courses = useCourses();
  if (courses.isPending) return <PageSpinner />;
  if (courses.isError) {
    return <ErrorBanner onRetry={() => void courses.refetch()}>{errorText(courses.error, t, 'courses.loadFailed')}</ErrorBanner>;
  }
  if (courses.data.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title={t('courses.emptyStudent')}
        hint={t('courses.emptyStudentHint')}
        action={<FindTeacherLink>{t('courses.findTeacher')}</FindTeacherLink>}
      />
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {courses.data.map((c) => (
        <li key={c.id}>
          <article aria-labelledby={`course-${c.id}-title`} className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
            <h2 id={`course-${c.id}-title`} dir="auto" className="break-words text-start text-lg font-semibold">
              {c.title}
            </h2>
            <CourseDetails c={c} showTeacher />
            {c.classLink && (
              <div className="mt-auto pt-4">
                <ClassLinkButton c={c} />
              </div>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
