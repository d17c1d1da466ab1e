import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, UserRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api/error-text';
import { PHOTO_RULE } from '@/lib/files';
import { useUploadStudentPhoto } from '../api/upload-student-photo';
import type { StudentProfile } from '../api/get-student-profile';
import { photoProblem } from '../schemas';

/** PhotoCard shows the student's photo and name and changes the photo: a JPEG
 * or PNG of at most 5 MB, checked before it is sent. */
export function PhotoCard({ profile, name, onSaved }: { profile: StudentProfile; name: string; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadStudentPhoto();
  const [error, setError] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = profile.profile_photo_url ?? profile.photo;
  const letter = Array.from(name.trim())[0]?.toLocaleUpperCase();

  const onFile = (file: File | undefined) => {
    const problem = photoProblem(file);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    upload.mutate(file!, {
      onSuccess: () => onSaved(t('profile.photo.success')),
      onError: (err) => setError(errorText(err, t, 'profile.photo.failed')),
    });
  };

  return (
    <section aria-labelledby="profile-photo-title" className="rounded-2xl border border-line bg-surface p-5 text-center">
      <h2 id="profile-photo-title" className="sr-only">
        {t('profile.photo.title')}
      </h2>
      <div className="mx-auto flex size-28 items-center justify-center overflow-hidden rounded-full bg-primary text-4xl font-bold text-on-primary">
        {src && failedSrc !== src ? (
          <img src={src} alt={t('profile.photo.alt', { name })} className="size-full object-cover" onError={() => setFailedSrc(src)} />
        ) : (
          <span aria-hidden>{letter ?? <UserRound className="size-12" />}</span>
        )}
      </div>
      <p className="mt-3 text-lg font-bold">{name}</p>
      <p className="text-sm text-muted" dir="ltr">
        @{profile.username}
      </p>
      <input
        ref={input}
        type="file"
        accept={PHOTO_RULE.accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="student-photo-input"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button variant="secondary" className="mt-4" loading={upload.isPending} onClick={() => input.current?.click()}>
        <Camera className="size-4" aria-hidden />
        {src ? t('profile.photo.change') : t('profile.photo.upload')}
      </Button>
      <p className="mt-2 text-xs text-muted">{t('profile.photo.hint')}</p>
      {error && (
        <Alert tone="error" className="mt-3 text-start">
          {error}
        </Alert>
      )}
    </section>
  );
}
