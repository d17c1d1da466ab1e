import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Download, ExternalLink } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { InlineConfirm } from '@/components/ui/inline-confirm';
import { ItemActions } from '@/components/ui/item-actions';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { useDeleteMaterial } from '../api/delete-material';
import type { Material } from '../api/get-materials';
import { useUpdateMaterial } from '../api/update-material';
import { MAX_DESCRIPTION, MAX_TITLE, materialEditSchema, type MaterialEditValues } from '../schemas';
import { materialTypes } from '../types';

const action =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors';

/** TypeBadge names a material's type with its icon. */
export function TypeBadge({ type }: { type: Material['material_type'] }) {
  const { t } = useTranslation();
  const { icon: Icon, label, badge } = materialTypes[type];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold', badge)}>
      <Icon className="size-3.5" aria-hidden />
      {t(label)}
    </span>
  );
}

/** MaterialAction is the card's main action: download the file, or open the link in a new tab. */
function MaterialAction({ m }: { m: Material }) {
  const { t } = useTranslation();
  if (m.file) {
    return (
      <a
        href={m.file}
        download={m.file_name || true}
        aria-label={t('materials.downloadOf', { title: m.title })}
        className={cn(action, 'bg-primary text-on-primary hover:bg-primary-hover')}
      >
        <Download className="size-4" aria-hidden />
        {t('materials.download')}
      </a>
    );
  }
  if (m.material_type === 'class_link' && m.link_url) {
    return (
      <a
        href={m.link_url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('materials.openLinkOf', { title: m.title })}
        className={cn(action, 'bg-primary text-on-primary hover:bg-primary-hover')}
      >
        <ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden />
        {t('materials.openLink')}
      </a>
    );
  }
  return null;
}

function EditForm({ m, onDone }: { m: Material; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateMaterial();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isValid, isDirty },
  } = useForm<MaterialEditValues>({
    resolver: zodResolver(materialEditSchema),
    mode: 'onTouched',
    defaultValues: { material_type: m.material_type, title: m.title, description: m.description, link_url: m.link_url },
  });
  const isLink = m.material_type === 'class_link';
  const submit = handleSubmit((v) => {
    setError(null);
    update.mutate(
      { id: m.id, title: v.title, description: v.description, ...(isLink ? { link_url: v.link_url } : {}) },
      {
        onSuccess: onDone,
        onError: (err) => {
          const rest = applyFieldErrors(err, setFieldError, { title: 'title', description: 'description', link_url: 'link_url' });
          if (rest === undefined) setError(errorText(err, t, 'materials.saveFailed'));
          else if (rest) setError(rest);
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3" aria-label={t('materials.editOf', { title: m.title })}>
      <TextField label={t('materials.form.titleField')} maxLength={MAX_TITLE} error={fieldError(errors.title)} {...register('title')} />
      <TextArea
        label={t('materials.form.description')}
        optional
        maxLength={MAX_DESCRIPTION}
        className="min-h-20"
        error={fieldError(errors.description)}
        {...register('description')}
      />
      {isLink && (
        <TextField
          label={t('materials.form.link')}
          type="url"
          inputMode="url"
          dir="ltr"
          autoComplete="url"
          error={fieldError(errors.link_url)}
          {...register('link_url')}
        />
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!isValid || !isDirty} loading={update.isPending}>
          {t('materials.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('materials.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** MaterialCard shows one material: type, date, title, description and its
 * download or link; a teacher's own cards can be edited and deleted. */
export function MaterialCard({ m, editable = false, showTeacher = false }: { m: Material; editable?: boolean; showTeacher?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const del = useDeleteMaterial();
  const titleId = `material-${m.id}-title`;

  return (
    <li>
      <article aria-labelledby={titleId} className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TypeBadge type={m.material_type} />
          <time dateTime={m.created_at} className="text-xs text-muted">
            {formatDate(m.created_at, lang, tz)}
          </time>
        </div>
        {editing ? (
          <div className="mt-4">
            <h3 id={titleId} className="sr-only">
              {m.title}
            </h3>
            <EditForm m={m} onDone={() => setEditing(false)} />
          </div>
        ) : (
          <>
            <h3 id={titleId} dir="auto" className="mt-3 break-words text-start text-base font-semibold">
              {m.title}
            </h3>
            {showTeacher && <p className="mt-0.5 text-xs text-muted">{t('materials.byTeacher', { name: m.teacher.name })}</p>}
            {m.description && (
              <p dir="auto" className="mt-2 line-clamp-4 whitespace-pre-line break-words text-start text-sm text-fg/90">
                {m.description}
              </p>
            )}
            {m.file_name && (
              <p dir="auto" className="mt-2 truncate text-start text-xs text-muted">
                {m.file_name}
              </p>
            )}
            {m.material_type === 'class_link' && m.link_url && (
              <p dir="ltr" className="mt-2 truncate text-start text-xs text-muted">
                {m.link_url}
              </p>
            )}
            <div className="mt-auto pt-4">
              <MaterialAction m={m} />
              {editable && !confirming && (
                <div className="mt-3 flex flex-wrap items-center justify-end gap-1 border-t border-line pt-3">
                  <ItemActions
                    editText={t('materials.edit')}
                    deleteText={t('materials.delete')}
                    editLabel={t('materials.editOf', { title: m.title })}
                    deleteLabel={t('materials.deleteOf', { title: m.title })}
                    onEdit={() => setEditing(true)}
                    onDelete={() => setConfirming(true)}
                  />
                </div>
              )}
            </div>
            {editable && confirming && (
              <InlineConfirm
                question={t('materials.confirmDelete')}
                confirmLabel={t('materials.deleteConfirm')}
                cancelLabel={t('materials.cancel')}
                error={del.isError ? errorText(del.error, t, 'materials.deleteFailed') : undefined}
                pending={del.isPending}
                onConfirm={() => del.mutate(m.id)}
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
