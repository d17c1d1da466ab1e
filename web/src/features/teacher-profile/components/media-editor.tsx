import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText, ImageUp, Trash2, Upload, Video, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, IconButton } from '@/components/ui/button';
import { errorText } from '@/lib/api/error-text';
import { DOCUMENT_RULE, PHOTO_RULE, VIDEO_RULE } from '@/lib/files';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useDeleteDocument } from '../api/delete-document';
import type { TeacherProfile } from '@/lib/api/teacher-profile';
import { photoProblem, splitDocuments, videoProblem, type RejectedDocument, type Uploads } from '../schemas';

type MediaEditorProps = {
  profile: TeacherProfile;
  uploads: Uploads;
  onUploads: (u: Uploads) => void;
};

/** MediaEditor chooses the photo, the intro video and documents to upload on
 * save, each checked first; it also deletes documents already saved. */
export function MediaEditor({ profile, uploads, onUploads }: MediaEditorProps) {
  const { t } = useTranslation();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [rejected, setRejected] = useState<RejectedDocument[]>([]);
  const photoPreview = useObjectUrl(uploads.photo);
  const currentPhoto = profile.profile_photo_url ?? profile.photo;

  return (
    <div className="space-y-6">
      <FilePicker
        icon={<ImageUp className="size-4" aria-hidden />}
        title={t('teacherProfile.media.photo')}
        hint={t('teacherProfile.media.photoHint')}
        chooseLabel={t('teacherProfile.media.choosePhoto')}
        accept={PHOTO_RULE.accept}
        testId="teacher-photo-input"
        onFiles={(files) => {
          const file = files[0];
          if (!file) return;
          const problem = photoProblem(file);
          setPhotoError(problem ? t(problem) : null);
          if (!problem) onUploads({ ...uploads, photo: file });
        }}
        error={photoError}
      >
        {(photoPreview ?? currentPhoto) && (
          <img
            src={photoPreview ?? currentPhoto ?? undefined}
            alt={t('teacherProfile.media.photoAlt', { name: profile.name || profile.username })}
            className="size-20 rounded-full object-cover"
          />
        )}
        {uploads.photo && (
          <PendingFile name={uploads.photo.name} size={uploads.photo.size} onRemove={() => onUploads({ ...uploads, photo: null })} />
        )}
      </FilePicker>

      <FilePicker
        icon={<Video className="size-4" aria-hidden />}
        title={t('teacherProfile.media.video')}
        hint={t('teacherProfile.media.videoHint')}
        chooseLabel={t('teacherProfile.media.chooseVideo')}
        accept={VIDEO_RULE.accept}
        testId="teacher-video-input"
        onFiles={(files) => {
          const file = files[0];
          if (!file) return;
          const problem = videoProblem(file);
          setVideoError(problem ? t(problem) : null);
          if (!problem) onUploads({ ...uploads, video: file });
        }}
        error={videoError}
      >
        {uploads.video ? (
          <PendingFile name={uploads.video.name} size={uploads.video.size} onRemove={() => onUploads({ ...uploads, video: null })} />
        ) : profile.intro_video ? (
          <a href={profile.intro_video} target="_blank" rel="noreferrer" className="text-sm font-medium text-link hover:underline">
            {t('teacherProfile.media.currentVideo')}
          </a>
        ) : (
          <p className="text-sm text-muted">{t('teacherProfile.media.noVideo')}</p>
        )}
      </FilePicker>

      <FilePicker
        icon={<FileText className="size-4" aria-hidden />}
        title={t('teacherProfile.media.documents')}
        hint={t('teacherProfile.media.documentsHint')}
        chooseLabel={t('teacherProfile.media.chooseDocuments')}
        accept={DOCUMENT_RULE.accept}
        multiple
        testId="teacher-documents-input"
        onFiles={(files) => {
          const { valid, rejected: bad } = splitDocuments(files);
          setRejected(bad);
          if (valid.length > 0) onUploads({ ...uploads, documents: [...uploads.documents, ...valid] });
        }}
        error={null}
      >
        {rejected.length > 0 && (
          <Alert tone="error">
            <p className="font-medium">{t('teacherProfile.media.skipped')}</p>
            <ul className="mt-1 list-disc space-y-0.5 ps-5">
              {rejected.map((r, i) => (
                <li key={`${r.name}-${i}`}>{t(r.message, { name: r.name })}</li>
              ))}
            </ul>
          </Alert>
        )}
        <SavedDocuments profile={profile} />
        {uploads.documents.length > 0 && (
          <ul className="space-y-1.5">
            {uploads.documents.map((d, i) => (
              <li key={`${d.name}-${i}`}>
                <PendingFile
                  name={d.name}
                  size={d.size}
                  onRemove={() => onUploads({ ...uploads, documents: uploads.documents.filter((_, j) => j !== i) })}
                />
              </li>
            ))}
          </ul>
        )}
      </FilePicker>
    </div>
  );
}

type FilePickerProps = {
  icon: ReactNode;
  title: string;
  hint: string;
  chooseLabel: string;
  accept: string;
  multiple?: boolean;
  testId: string;
  onFiles: (files: File[]) => void;
  error: string | null;
  children?: ReactNode;
};

function FilePicker({ icon, title, hint, chooseLabel, accept, multiple, testId, onFiles, error, children }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="flex items-center gap-1.5 text-sm font-semibold">
        {icon}
        {title}
      </h3>
      <p id={hintId} className="text-xs text-muted">
        {hint}
      </p>
      <div className="flex flex-wrap items-center gap-3">{children}</div>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={testId}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <Button variant="secondary" aria-describedby={hintId} onClick={() => input.current?.click()}>
        <Upload className="size-4" aria-hidden />
        {chooseLabel}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

function PendingFile({ name, size, onRemove }: { name: string; size: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const mb = formatNumber(size / (1024 * 1024), lang, { maximumFractionDigits: 1 });
  return (
    <span className="inline-flex max-w-full items-center gap-2 rounded-lg bg-surface-2 py-1 ps-3 pe-1 text-sm">
      <span className="truncate">{name}</span>
      <span className="shrink-0 text-xs text-muted">{t('teacherProfile.media.pending', { size: mb })}</span>
      <IconButton label={t('teacherProfile.media.removePending', { name })} className="size-8 shrink-0" onClick={onRemove}>
        <X className="size-4" aria-hidden />
      </IconButton>
    </span>
  );
}

/** SavedDocuments lists the documents already on the profile, each deleted after a confirmation. */
function SavedDocuments({ profile }: { profile: TeacherProfile }) {
  const { t } = useTranslation();
  const remove = useDeleteDocument();
  const [asking, setAsking] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (profile.documents.length === 0) return null;
  return (
    <div className="w-full space-y-2">
      <ul className="space-y-1.5">
        {profile.documents.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line px-3 py-1.5 text-sm">
            <a href={d.url} target="_blank" rel="noreferrer" className="min-w-0 break-all font-medium text-link hover:underline">
              {d.name}
            </a>
            {asking === d.id ? (
              <span className="flex items-center gap-2">
                <span>{t('teacherProfile.media.deleteConfirm')}</span>
                <Button
                  variant="danger"
                  className="min-h-9 py-1"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(d.id, {
                      onSuccess: () => setAsking(null),
                      onError: (err) => setError(errorText(err, t, 'teacherProfile.media.deleteFailed')),
                    })
                  }
                >
                  {t('teacherProfile.media.deleteYes')}
                </Button>
                <Button variant="ghost" className="min-h-9 py-1" onClick={() => setAsking(null)}>
                  {t('teacherProfile.media.deleteNo')}
                </Button>
              </span>
            ) : (
              <IconButton
                label={t('teacherProfile.media.delete', { name: d.name })}
                className="size-9 text-danger hover:bg-danger-bg"
                onClick={() => {
                  setError(null);
                  setAsking(d.id);
                }}
              >
                <Trash2 className="size-4" aria-hidden />
              </IconButton>
            )}
          </li>
        ))}
      </ul>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

/** useObjectUrl is a temporary address for a chosen file, released when it changes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
