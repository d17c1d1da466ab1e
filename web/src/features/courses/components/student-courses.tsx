import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Search } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
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
      <div className="rounded-2xl border border-dashed border-line bg-surface p-8 text-center">
        <CalendarDays className="mx-auto size-10 text-muted" aria-hidden />
        <p className="mt-3 font-semibold">{t('courses.emptyStudent')}</p>
        <p className="mt-1 text-sm text-muted">{t('courses.emptyStudentHint')}</p>
        <Link
          to={paths.student.findTeacher.path}
          className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
        >
          <Search className="size-4" aria-hidden />
          {t('courses.findTeacher')}
        </Link>
      </div>
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
