import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { TextArea, TextField } from '@/components/ui/field';
import { NumberField } from '@/components/ui/number-field';
import { PageHeading } from '@/components/ui/page-heading';
import { PageSpinner } from '@/components/ui/spinner';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { ApiError } from '@/lib/api/errors';
import { useFieldError } from '@/lib/forms';
import { msg } from '@/lib/i18n/keys';
import { useTeacherProfile, type TeacherProfile } from '@/lib/api/teacher-profile';
import { useUpdateTeacherProfile } from '../api/update-teacher-profile';
import { useFlash } from '@/lib/use-flash';
import {
  entriesOf,
  entryOf,
  MAX_MAIN_SITE_ID,
  MAX_NAME,
  MAX_TEXT,
  missingForBooking,
  overviewDefaults,
  overviewSchema,
  teacherForm,
  validateEntry,
  type EntryDraft,
  type EntryProblem,
  type LevelEntry,
  type OverviewValues,
  type Uploads,
} from '../schemas';
import { LevelsEditor } from './levels-editor';
import { MediaEditor } from './media-editor';
import { Card, ProfileView } from './profile-view';
import { ReviewNotice } from './review-notice';

type Skipped = Array<{ name: string; detail: string }>;

/** TeacherProfileEditor is /teacher/profile ('edit profile'): the overview,
 * language levels with prices, documents and media, and a save bar. It opens
 * in edit mode while the profile is incomplete. */
export function TeacherProfileEditor() {
  const { t } = useTranslation();
  const profile = useTeacherProfile();
  return (
    <div>
      <PageHeading description={t('teacherProfile.subtitle')}>{t('pages.teacherProfile')}</PageHeading>
      {profile.isPending && <PageSpinner />}
      {profile.isError && (
        <ErrorBanner onRetry={() => void profile.refetch()}>{errorText(profile.error, t, 'teacherProfile.loadError')}</ErrorBanner>
      )}
      {profile.data && <Editor profile={profile.data} />}
    </div>
  );
}

function Editor({ profile }: { profile: TeacherProfile }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(!profile.complete);
  const [flash, showFlash] = useFlash();
  const [skipped, setSkipped] = useState<Skipped>([]);
  const missing = missingForBooking(profile);

  return (
    <div className="space-y-4">
      <div aria-live="polite">{flash && <Alert tone="success">{flash}</Alert>}</div>
      {profile.review && <ReviewNotice review={profile.review} />}
      {skipped.length > 0 && (
        <Alert tone="error">
          <p className="font-medium">{t('teacherProfile.media.serverSkipped')}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            {skipped.map((s, i) => (
              <li key={`${s.name}-${i}`}>
                <span className="font-medium">{s.name}</span>: {s.detail}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {!profile.complete && (
        <Alert tone="info">
          <p className="font-medium">{t('teacherProfile.incomplete')}</p>
          <ul className="mt-1 list-disc ps-5">
            {missing.map((m) => (
              <li key={m}>{t(`teacherProfile.missing.${m}`)}</li>
            ))}
          </ul>
        </Alert>
      )}
      {editing ? (
        <EditForm
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setSkipped(saved.document_errors ?? []);
            setEditing(false);
            showFlash(t('teacherProfile.success'));
            window.scrollTo?.({ top: 0, behavior: 'smooth' });
          }}
        />
      ) : (
        <ProfileView
          profile={profile}
          onEdit={() => {
            setSkipped([]);
            setEditing(true);
          }}
        />
      )}
    </div>
  );
}

const emptyDraft: EntryDraft = { language: '', levels: [], regular: '', exam: '' };
const draftTouched = (d: EntryDraft) => d.language !== '' || d.levels.length > 0 || d.regular.trim() !== '' || d.exam.trim() !== '';

function EditForm({ profile, onCancel, onSaved }: { profile: TeacherProfile; onCancel: () => void; onSaved: (p: TeacherProfile) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const save = useUpdateTeacherProfile();
  const [entries, setEntries] = useState<LevelEntry[]>(() => entriesOf(profile));
  const [draft, setDraft] = useState<EntryDraft>(emptyDraft);
  const [entryProblem, setEntryProblem] = useState<EntryProblem | null>(null);
  const [uploads, setUploads] = useState<Uploads>({ photo: null, video: null, documents: [] });
  const [error, setError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isDirty },
  } = useForm<OverviewValues>({ resolver: zodResolver(overviewSchema), defaultValues: overviewDefaults(profile) });

  /** addDraft adds the adder's entry; it returns the entries, or null when the entry is not valid. */
  const addDraft = (): LevelEntry[] | null => {
    const problem = validateEntry(draft, entries);
    setEntryProblem(problem);
    if (problem) return null;
    const next = [...entries, entryOf(draft)];
    setEntries(next);
    setDraft(emptyDraft);
    return next;
  };

  const onSubmit = handleSubmit(
    (values) => {
      setError(null);
      let list = entries;
      // An entry filled in the adder but not added yet is saved too.
      if (draftTouched(draft)) {
        const next = addDraft();
        if (!next) {
          setError(t('teacherProfile.levels.fixDraft'));
          return;
        }
        list = next;
      }
      save.mutate(teacherForm(values, list, uploads), {
        onSuccess: (saved) => {
          void queryClient.invalidateQueries({ queryKey: ['teachers'] });
          onSaved(saved);
        },
        onError: (err) => {
          const rest = applyFieldErrors(err, setFieldError, {
            first_name: 'first_name',
            last_name: 'last_name',
            bio: 'bio',
            experience_years: 'experience_years',
            price_per_hour: 'price_per_hour',
            test_session_price: 'test_session_price',
            education: 'education',
            certifications: 'certifications',
            specializations: 'specializations',
            teaching_style: 'teaching_style',
            availability_note: 'availability_note',
            wp_teacher_id: 'wp_teacher_id',
          });
          if (rest === undefined || (err instanceof ApiError && err.status >= 500)) setError(errorText(err, t, 'teacherProfile.failed'));
          else if (rest) setError(rest);
        },
      });
    },
    () => setError(t('teacherProfile.fixErrors')),
  );

  const dirty = isDirty || uploads.photo !== null || uploads.video !== null || uploads.documents.length > 0 || draftTouched(draft) ||
    JSON.stringify(entries.map((e) => [e.language, e.levels, e.regular_price, e.exam_price])) !==
      JSON.stringify(entriesOf(profile).map((e) => [e.language, e.levels, e.regular_price, e.exam_price]));

  const field = (name: keyof OverviewValues, label: string, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField label={label} error={fieldError(errors[name])} {...extra} {...register(name)} />
  );
  const numberField = (name: keyof OverviewValues, label: string, extra: Partial<ComponentProps<typeof NumberField>> = {}) => (
    <NumberField label={label} error={fieldError(errors[name])} {...extra} {...register(name)} />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Card titleId="tp-edit-overview" title={t('teacherProfile.overview.title')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('first_name', t('teacherProfile.overview.firstName'), { autoComplete: 'given-name', maxLength: MAX_NAME, dir: 'auto' })}
          {field('last_name', t('teacherProfile.overview.lastName'), { autoComplete: 'family-name', maxLength: MAX_NAME, dir: 'auto' })}
          <div className="sm:col-span-2">
            <TextArea
              label={t('teacherProfile.overview.bio')}
              hint={t('teacherProfile.overview.bioHint')}
              maxLength={MAX_TEXT}
              error={fieldError(errors.bio)}
              {...register('bio')}
            />
          </div>
          {numberField('experience_years', t('teacherProfile.overview.experience'))}
          {numberField('price_per_hour', t('teacherProfile.overview.pricePerHourToman'), { hint: t('teacherProfile.overview.priceHint') })}
          {numberField('test_session_price', t('teacherProfile.overview.trialPriceToman'), { optional: true })}
          {field('wp_teacher_id', t('teacherProfile.overview.mainSiteId'), {
            dir: 'ltr',
            optional: true,
            maxLength: MAX_MAIN_SITE_ID,
            autoComplete: 'off',
            hint: t('teacherProfile.overview.mainSiteIdHint'),
          })}
          {(['education', 'certifications', 'specializations', 'teaching_style', 'availability_note'] as const).map((name) => (
            <TextArea
              key={name}
              label={t(texts[name])}
              optional
              maxLength={MAX_TEXT}
              className="min-h-20"
              error={fieldError(errors[name])}
              {...register(name)}
            />
          ))}
        </div>
      </Card>

      <Card titleId="tp-edit-levels" title={t('teacherProfile.levels.title')}>
        <LevelsEditor
          entries={entries}
          onRemove={(key) => setEntries(entries.filter((e) => e.key !== key))}
          draft={draft}
          onDraft={(d) => {
            setDraft(d);
            setEntryProblem(null);
          }}
          onAdd={() => void addDraft()}
          problem={entryProblem}
        />
      </Card>

      <Card titleId="tp-edit-media" title={t('teacherProfile.media.title')}>
        <MediaEditor profile={profile} uploads={uploads} onUploads={setUploads} />
      </Card>

      <div className="sticky bottom-0 z-10 -mx-4 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        {error && (
          <Alert tone="error" className="mb-3">
            {error}
          </Alert>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {save.isPending ? t('teacherProfile.saving') : dirty ? t('teacherProfile.unsaved') : t('teacherProfile.noChanges')}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
              {t('teacherProfile.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              <Save className="size-4" aria-hidden />
              {t('teacherProfile.save')}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}

const texts = {
  education: msg('teacherProfile.overview.education'),
  certifications: msg('teacherProfile.overview.certifications'),
  specializations: msg('teacherProfile.overview.specializations'),
  teaching_style: msg('teacherProfile.overview.teachingStyle'),
  availability_note: msg('teacherProfile.overview.availabilityNote'),
} as const;

