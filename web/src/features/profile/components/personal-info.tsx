import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Pencil, Send } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api/errors';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { formatDigits } from '@/lib/format';
import { useFieldError } from '@/lib/forms';
import { useLang } from '@/lib/i18n/use-lang';
import type { StudentProfile } from '../api/get-student-profile';
import { useSendCode } from '@/lib/api/phone-code';
import { useUpdateStudentProfile } from '../api/update-student-profile';
import { MAX_BIO, normalizePhone, personalInfoSchema, phoneChanged, type PersonalInfoValues } from '../schemas';

type PersonalInfoProps = {
  profile: StudentProfile;
  onSaved: (text: string) => void;
};

/** PersonalInfo shows the student's details and, in edit mode, changes them.
 * A new phone number needs a code texted to it first. */
export function PersonalInfo({ profile, onSaved }: PersonalInfoProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [editing, setEditing] = useState(false);

  const rows: Array<[string, string, boolean?]> = [
    [t('fields.username'), profile.username, true],
    [t('fields.email'), profile.email, true],
    [t('fields.phone'), formatDigits(profile.phone, lang), true],
    [t('profile.info.firstName'), profile.first_name],
    [t('profile.info.lastName'), profile.last_name],
  ];

  return (
    <section aria-labelledby="personal-info-title" className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id="personal-info-title" className="font-semibold">
          {t('profile.info.title')}
        </h2>
        {!editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden />
            {t('profile.info.edit')}
          </Button>
        )}
      </div>
      {editing ? (
        <EditForm
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onSaved(t('profile.info.success'));
          }}
        />
      ) : (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          {rows.map(([label, value, ltr]) => (
            <div key={label}>
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="mt-0.5 break-words font-medium">
                {value ? (
                  <span dir={ltr ? 'ltr' : undefined}>{value}</span>
                ) : (
                  <span className="font-normal text-muted">{t('profile.info.notSet')}</span>
                )}
              </dd>
            </div>
          ))}
          <div className="sm:col-span-2">
            <dt className="text-xs text-muted">{t('fields.bio')}</dt>
            <dd dir={profile.bio ? 'auto' : undefined} className="mt-0.5 whitespace-pre-line break-words text-start">
              {profile.bio || <span className="text-muted">{t('profile.info.notSet')}</span>}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function EditForm({ profile, onCancel, onSaved }: { profile: StudentProfile; onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useUpdateStudentProfile();
  const sendCode = useSendCode();
  const [banner, setBanner] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<PersonalInfoValues>({
    resolver: zodResolver(personalInfoSchema),
    defaultValues: {
      username: profile.username,
      email: profile.email,
      first_name: profile.first_name,
      last_name: profile.last_name,
      bio: profile.bio,
      phone: profile.phone,
      savedPhone: profile.phone,
      code: '',
      codeSent: false,
    },
  });
  const changed = phoneChanged(watch('phone'), profile.phone);
  const codeSent = watch('codeSent');

  const onSendCode = () => {
    setBanner(null);
    clearErrors('phone');
    sendCode.mutate(getValues('phone'), {
      onSuccess: () => {
        setValue('codeSent', true);
        setBanner({ tone: 'success', text: t('profile.info.codeSent') });
        window.setTimeout(() => document.getElementById('profile-code')?.focus(), 0);
      },
      onError: (err) => {
        const rest = applyFieldErrors(err, setError, { phone: 'phone' });
        if (rest === undefined) setBanner({ tone: 'error', text: errorText(err, t, 'errors.sendCodeFailed') });
        else if (rest) setBanner({ tone: 'error', text: rest });
      },
    });
  };

  const onSubmit = handleSubmit((v) => {
    setBanner(null);
    const phone = phoneChanged(v.phone, profile.phone);
    save.mutate(
      {
        username: v.username,
        email: v.email,
        first_name: v.first_name,
        last_name: v.last_name,
        bio: v.bio,
        ...(phone ? { phone_number: normalizePhone(v.phone), code: v.code } : {}),
      },
      {
        onSuccess: onSaved,
        onError: (err) => {
          const rest = applyFieldErrors(err, setError, {
            username: 'username',
            email: 'email',
            first_name: 'first_name',
            last_name: 'last_name',
            bio: 'bio',
            phone_number: 'phone',
            phone: 'phone',
            code: 'code',
          });
          if (rest === undefined || (err instanceof ApiError && err.status >= 500)) {
            setBanner({ tone: 'error', text: errorText(err, t, 'profile.info.failed') });
          } else if (rest) setBanner({ tone: 'error', text: rest });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
      {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('fields.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          error={fieldError(errors.username)}
          {...register('username')}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          optional
          autoComplete="email"
          dir="ltr"
          error={fieldError(errors.email)}
          {...register('email')}
        />
        <TextField
          label={t('profile.info.firstName')}
          dir="auto"
          autoComplete="given-name"
          error={fieldError(errors.first_name)}
          {...register('first_name')}
        />
        <TextField
          label={t('profile.info.lastName')}
          dir="auto"
          autoComplete="family-name"
          error={fieldError(errors.last_name)}
          {...register('last_name')}
        />
      </div>
      <div className="flex items-start gap-2">
        <TextField
          wrapperClassName="min-w-0 flex-1"
          label={t('fields.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          hint={t('profile.info.phoneHint')}
          error={fieldError(errors.phone)}
          {...register('phone', { onChange: () => setValue('codeSent', false) })}
        />
        {changed && (
          <Button variant="secondary" className="mt-7 shrink-0" onClick={onSendCode} loading={sendCode.isPending}>
            <Send className="size-4 rtl:-scale-x-100" aria-hidden />
            {codeSent ? t('profile.info.resendCode') : t('profile.info.sendCode')}
          </Button>
        )}
      </div>
      {changed && codeSent && (
        <TextField
          id="profile-code"
          label={t('fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          error={fieldError(errors.code)}
          {...register('code')}
        />
      )}
      <TextArea label={t('fields.bio')} optional maxLength={MAX_BIO} error={fieldError(errors.bio)} {...register('bio')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('profile.info.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('profile.info.save')}
        </Button>
      </div>
    </form>
  );
}
