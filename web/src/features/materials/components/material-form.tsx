import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Plus, Upload } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { NewItemPanel } from '@/components/ui/new-item-panel';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import { useCreateMaterial } from '../api/create-material';
import { FILE_ACCEPT, MATERIAL_TYPES, MAX_DESCRIPTION, MAX_TITLE, materialSchema, type MaterialValues } from '../schemas';
import { materialTypes } from '../types';

const empty: MaterialValues = { material_type: 'note', title: '', description: '', link_url: '', file: null };

/** MaterialForm adds a material: a note, a class link or an assignment, a
 * title, an optional description, and the link's URL or the file. Submit
 * stays disabled until the form is valid. */
export function MaterialForm({ onCreated }: { onCreated?: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fieldError = useFieldError();
  const create = useCreateMaterial();
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError: setFieldError,
    trigger,
    reset,
    formState: { errors, isValid },
  } = useForm<MaterialValues>({
    resolver: zodResolver(materialSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const type = watch('material_type');
  const file = watch('file');
  const needsFile = type !== 'class_link';
  const fileErr = fieldError(errors.file);

  const submit = handleSubmit((v) => {
    setError(null);
    create.mutate(
      { material_type: v.material_type, title: v.title, description: v.description, link_url: v.link_url, file: v.file },
      {
        onSuccess: () => {
          reset(empty);
          if (fileInput.current) fileInput.current.value = '';
          onCreated?.();
        },
        onError: (err) => {
          const rest = applyFieldErrors(err, setFieldError, {
            title: 'title',
            description: 'description',
            link_url: 'link_url',
            file: 'file',
          });
          if (rest === undefined) setError(errorText(err, t, 'materials.uploadFailed'));
          else if (rest) setError(rest);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={t('materials.form.title')}>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">{t('materials.form.type')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {MATERIAL_TYPES.map((value) => {
            const { icon: Icon, label } = materialTypes[value];
            return (
              <label
                key={value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  type === value ? 'border-primary bg-info-bg text-fg' : 'border-line hover:bg-surface-2',
                )}
              >
                <input type="radio" value={value} className="size-4 accent-primary" {...register('material_type')} />
                <Icon className="size-4 shrink-0" aria-hidden />
                {t(label)}
              </label>
            );
          })}
        </div>
      </fieldset>

      <TextField
        label={t('materials.form.titleField')}
        maxLength={MAX_TITLE}
        error={fieldError(errors.title)}
        {...register('title')}
      />
      <TextArea
        label={t('materials.form.description')}
        optional
        maxLength={MAX_DESCRIPTION}
        className="min-h-20"
        error={fieldError(errors.description)}
        {...register('description')}
      />

      {needsFile ? (
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium">
            {t('materials.form.file')}
          </label>
          <div
            className={cn(
              'flex flex-wrap items-center gap-3 rounded-lg border border-dashed px-3 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              fileErr ? 'border-danger' : 'border-line',
            )}
          >
            {/* The browser's own file button speaks the browser's language: it
                is hidden, and a button in the page's language opens it. */}
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept={FILE_ACCEPT}
              aria-invalid={fileErr ? true : undefined}
              aria-describedby={`${fileId}-${fileErr ? 'error' : 'hint'}`}
              className="sr-only"
              onChange={(e) => {
                setValue('file', e.target.files?.[0] ?? null, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
              }}
              onBlur={() => void trigger('file')}
            />
            <button
              type="button"
              tabIndex={-1}
              aria-hidden
              onClick={() => fileInput.current?.click()}
              className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-surface-2 px-3 py-2 text-sm font-medium text-fg transition-colors hover:bg-line"
            >
              <Upload className="size-4" aria-hidden />
              {file ? t('materials.form.changeFile') : t('materials.form.chooseFile')}
            </button>
            <span dir="auto" className="min-w-0 flex-1 truncate text-start text-sm text-muted">
              {file ? file.name : t('materials.form.noFile')}
            </span>
          </div>
          {fileErr ? (
            <p id={`${fileId}-error`} className="text-sm text-danger">
              {fileErr}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="text-xs text-muted">
              {file ? `${t('materials.form.fileHint')} · ${formatFileSize(file.size, lang)}` : t('materials.form.fileHint')}
            </p>
          )}
        </div>
      ) : (
        <TextField
          label={t('materials.form.link')}
          type="url"
          inputMode="url"
          dir="ltr"
          autoComplete="url"
          placeholder="https://"
          error={fieldError(errors.link_url)}
          {...register('link_url')}
        />
      )}

      {error && <Alert tone="error">{error}</Alert>}

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!isValid} loading={create.isPending}>
          <Plus className="size-4" aria-hidden />
          {t('materials.form.submit')}
        </Button>
      </div>
    </form>
  );
}

/** NewMaterialPanel is the expandable creation form of the teacher's Materials screen. */
export function NewMaterialPanel() {
  const { t } = useTranslation();
  return (
    <NewItemPanel title={t('materials.form.title')} addedText={t('materials.added')}>
      {({ done }) => <MaterialForm onCreated={done} />}
    </NewItemPanel>
  );
}
