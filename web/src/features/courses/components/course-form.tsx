import { useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox, TextArea, TextField } from '@/components/ui/field';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatWeekday } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import type { Course } from '../api/get-courses';
import { useCreateCourse, useUpdateCourse } from '../api/save-course';
import { courseSchema, MAX_DESCRIPTION, MAX_TITLE, weekOrder, type CourseValues } from '../schemas';

export const emptyCourse: CourseValues = { title: '', description: '', classLink: '', days: [], startTime: '', isActive: true };

function valuesOf(c: Course): CourseValues {
  return { title: c.title, description: c.description, classLink: c.classLink, days: c.days, startTime: c.startTime, isActive: c.isActive };
}

/** CourseForm creates a course, or edits `course`: title, description, class
 * link, days of the week, start time and whether it is active. */
export function CourseForm({ course, onDone, onCancel }: { course?: Course; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fieldError = useFieldError();
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const [error, setError] = useState<string | null>(null);
  const daysId = useId();
  const {
    register,
    handleSubmit,
    control,
    setError: setFieldError,
    formState: { errors },
  } = useForm<CourseValues>({
    resolver: zodResolver(courseSchema),
    defaultValues: course ? valuesOf(course) : emptyCourse,
  });
  const pending = create.isPending || update.isPending;

  const submit = handleSubmit((v) => {
    setError(null);
    const body = { ...v, days: [...v.days].sort((a, b) => a - b) };
    const onError = (err: unknown) => {
      const rest = applyFieldErrors(err, setFieldError, {
        title: 'title',
        description: 'description',
        class_link: 'classLink',
        classLink: 'classLink',
        days: 'days',
        start_time: 'startTime',
        startTime: 'startTime',
      });
      if (rest === undefined) setError(errorText(err, t, 'courses.saveFailed'));
      else if (rest) setError(rest);
    };
    if (course) update.mutate({ id: course.id, ...body }, { onSuccess: onDone, onError });
    else create.mutate(body, { onSuccess: onDone, onError });
  });

  const daysErr = fieldError(errors.days as FieldError | undefined);
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      aria-label={course ? t('courses.editOf', { title: course.title }) : t('courses.new')}
    >
      <TextField label={t('courses.fields.title')} maxLength={MAX_TITLE} error={fieldError(errors.title)} {...register('title')} />
      <TextArea
        label={t('courses.fields.description')}
        optional
        maxLength={MAX_DESCRIPTION}
        className="min-h-20"
        error={fieldError(errors.description)}
        {...register('description')}
      />
      <TextField
        label={t('courses.fields.classLink')}
        optional
        type="url"
        inputMode="url"
        dir="ltr"
        autoComplete="url"
        placeholder="https://"
        error={fieldError(errors.classLink)}
        {...register('classLink')}
      />
      <Controller
        control={control}
        name="days"
        render={({ field }) => (
          <fieldset aria-describedby={daysErr ? `${daysId}-error` : undefined}>
            <legend className="mb-1.5 text-sm font-medium">{t('courses.fields.days')}</legend>
            <div className="flex flex-wrap gap-2">
              {weekOrder(lang).map((d) => {
                const on = field.value.includes(d);
                return (
                  <label
                    key={d}
                    className={cn(
                      'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                      on ? 'border-primary bg-info-bg font-medium' : 'border-line hover:bg-surface-2',
                      daysErr && !on && 'border-danger',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={on}
                      onBlur={field.onBlur}
                      onChange={(e) => field.onChange(e.target.checked ? [...field.value, d] : field.value.filter((x) => x !== d))}
                    />
                    {formatWeekday(d, lang)}
                  </label>
                );
              })}
            </div>
            {daysErr && (
              <p id={`${daysId}-error`} className="mt-1.5 text-sm text-danger">
                {daysErr}
              </p>
            )}
          </fieldset>
        )}
      />
      <TextField
        label={t('courses.fields.startTime')}
        type="time"
        dir="ltr"
        hint={t('courses.timeHint')}
        wrapperClassName="max-w-48"
        error={fieldError(errors.startTime)}
        {...register('startTime')}
      />
      <Checkbox label={t('courses.fields.isActive')} {...register('isActive')} />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {course ? t('courses.save') : t('courses.create')}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('courses.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
