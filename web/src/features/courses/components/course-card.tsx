import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDays, Clock, ExternalLink, Pause, Play, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { InlineConfirm } from '@/components/ui/inline-confirm';
import { ItemActions } from '@/components/ui/item-actions';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatDigits, formatWeekday } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import type { Course } from '../api/get-courses';
import { useDeleteCourse, useUpdateCourse } from '../api/save-course';
import { sortDays } from '../schemas';
import { CourseForm } from './course-form';

/** CourseDays lists a course's days in the reading order of the week. */
export function CourseDays({ days }: { days: number[] }) {
  const lang = useLang();
  return (
    <ul className="flex flex-wrap gap-1.5">
      {sortDays(days, lang).map((d) => (
        <li key={d} className="rounded-md bg-surface-2 px-2 py-0.5 text-xs font-medium">
          {formatWeekday(d, lang)}
        </li>
      ))}
    </ul>
  );
}

/** CourseDetails is what both screens show of a course: days, time, link and description. */
export function CourseDetails({ c, showTeacher = false }: { c: Course; showTeacher?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <dl className="mt-3 space-y-2.5 text-sm">
      {showTeacher && (
        <div className="flex items-center gap-2">
          <dt className="inline-flex items-center gap-1.5 text-muted">
            <UserRound className="size-4" aria-hidden />
            {t('courses.teacher')}
          </dt>
          <dd className="font-medium">{c.teacher.name}</dd>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <dt className="inline-flex items-center gap-1.5 text-muted">
          <CalendarDays className="size-4" aria-hidden />
          {t('courses.days')}
        </dt>
        <dd>
          <CourseDays days={c.days} />
        </dd>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <dt className="inline-flex items-center gap-1.5 text-muted">
          <Clock className="size-4" aria-hidden />
          {t('courses.time')}
        </dt>
        <dd>
          <span className="font-medium">{formatDigits(c.startTime, lang)}</span>{' '}
          <span className="text-xs text-muted">{t('courses.teacherTime')}</span>
        </dd>
      </div>
      {c.description && (
        <div>
          <dt className="sr-only">{t('courses.details')}</dt>
          <dd dir="auto" className="whitespace-pre-line break-words text-start text-fg/90">
            {c.description}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** ClassLinkButton opens a course's class link in a new tab. */
export function ClassLinkButton({ c }: { c: Course }) {
  const { t } = useTranslation();
  if (!c.classLink) return null;
  return (
    <a
      href={c.classLink}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('courses.joinOf', { title: c.title })}
      className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-primary px-3 py-2 text-sm font-medium text-on-primary transition-colors hover:bg-primary-hover"
    >
      <ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden />
      {t('courses.join')}
    </a>
  );
}

/** TeacherCourseCard is one of the teacher's courses, with edit, (de)activate and delete. */
export function TeacherCourseCard({ c }: { c: Course }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateCourse();
  const del = useDeleteCourse();
  const titleId = `course-${c.id}-title`;
  const toggle = () =>
    update.mutate({
      id: c.id,
      title: c.title,
      description: c.description,
      classLink: c.classLink,
      days: c.days,
      startTime: c.startTime,
      isActive: !c.isActive,
    });
  return (
    <li>
      <article aria-labelledby={titleId} className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} dir="auto" className="min-w-0 break-words text-start text-base font-semibold">
            {c.title}
          </h3>
          <span
            className={cn(
              'rounded-full px-2.5 py-1 text-xs font-semibold',
              c.isActive ? 'bg-success-bg text-success' : 'bg-surface-2 text-muted',
            )}
          >
            {c.isActive ? t('courses.active') : t('courses.inactive')}
          </span>
        </div>
        {editing ? (
          <div className="mt-4">
            <CourseForm course={c} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
          </div>
        ) : (
          <>
            <CourseDetails c={c} />
            {update.isError && <p className="mt-2 text-sm text-danger">{errorText(update.error, t, 'courses.saveFailed')}</p>}
            <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
              <ClassLinkButton c={c} />
              {!confirming && (
                <>
                  <Button
                    variant="ghost"
                    className="min-h-10 px-3"
                    loading={update.isPending}
                    onClick={toggle}
                    aria-label={t(c.isActive ? 'courses.deactivateOf' : 'courses.activateOf', { title: c.title })}
                  >
                    {c.isActive ? <Pause className="size-4" aria-hidden /> : <Play className="size-4 rtl:-scale-x-100" aria-hidden />}
                    {c.isActive ? t('courses.deactivate') : t('courses.activate')}
                  </Button>
                  <ItemActions
                    editText={t('courses.edit')}
                    deleteText={t('courses.delete')}
                    editLabel={t('courses.editOf', { title: c.title })}
                    deleteLabel={t('courses.deleteOf', { title: c.title })}
                    onEdit={() => setEditing(true)}
                    onDelete={() => setConfirming(true)}
                  />
                </>
              )}
            </div>
            {confirming && (
              <InlineConfirm
                question={t('courses.confirmDelete')}
                confirmLabel={t('courses.deleteConfirm')}
                cancelLabel={t('courses.cancel')}
                error={del.isError ? errorText(del.error, t, 'courses.deleteFailed') : undefined}
                pending={del.isPending}
                onConfirm={() => del.mutate(c.id)}
                onCancel={() => {
                  setConfirming(false);
                  del.reset();
                }}
              />
            )}
          </>
        )}
      </article>
    </li>
  );
}
