import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarPlus, ChevronDown, Plus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { useCourses } from '../api/get-courses';
import { TeacherCourseCard } from './course-card';
import { CourseForm } from './course-form';

/** TeacherCourses is the teacher's course management: a form for a new
 * recurring course and the list of their courses. */
export function TeacherCourses() {
  const { t } = useTranslation();
  const courses = useCourses();
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState(false);
  const panelId = useId();
  useEffect(() => {
    if (!added) return;
    const id = window.setTimeout(() => setAdded(false), 3000);
    return () => window.clearTimeout(id);
  }, [added]);
  const list = courses.data ?? [];
  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-line bg-surface shadow-sm">
        <h2 className="m-0">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => {
              setOpen((o) => !o);
              setAdded(false);
            }}
            className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-5 py-3 text-start text-base font-semibold transition-colors hover:bg-surface-2"
          >
            <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-on-primary" aria-hidden>
              <Plus className="size-5" />
            </span>
            <span className="flex-1">{t('courses.new')}</span>
            <ChevronDown className={cn('size-5 text-muted transition-transform', open && 'rotate-180')} aria-hidden />
          </button>
        </h2>
        {added && !open && (
          <div className="px-5 pb-4">
            <Alert tone="success">{t('courses.added')}</Alert>
          </div>
        )}
        <div id={panelId} hidden={!open} className="border-t border-line px-5 py-5">
          {open && (
            <CourseForm
              onDone={() => {
                setOpen(false);
                setAdded(true);
              }}
              onCancel={() => setOpen(false)}
            />
          )}
        </div>
      </section>

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
          <div className="rounded-2xl border border-dashed border-line bg-surface p-8 text-center">
            <CalendarPlus className="mx-auto size-10 text-muted" aria-hidden />
            <p className="mt-3 font-semibold">{t('courses.emptyTeacher')}</p>
            <p className="mt-1 text-sm text-muted">{t('courses.emptyTeacherHint')}</p>
          </div>
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
