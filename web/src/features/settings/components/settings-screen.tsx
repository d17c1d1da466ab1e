import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Bell, CalendarDays, Clock, FileArchive, KeyRound, Languages, Mail, Palette } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceCards } from '@/components/ui/choice-cards';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PasswordField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { applyFieldErrors, errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { readSession } from '@/lib/auth/session';
import type { Role } from '@/lib/auth/user';
import { useFieldError } from '@/lib/forms';
import { chooseLang } from '@/lib/i18n';
import type { Lang } from '@/lib/i18n/langs';
import { useLang } from '@/lib/i18n/use-lang';
import { setTheme, useTheme, type Theme } from '@/lib/theme';
import { useFlash } from '@/lib/use-flash';
import { browserTimeZone, setViewerTimeZone, storedTimeZone } from '@/lib/time-zone';
import { useChangePassword } from '../api/change-password';
import { useTeacherProfile } from '@/lib/api/teacher-profile';
import { useSaveTeacherTimeZone } from '../api/teacher-time-zone';
import { passwordSchema, type PasswordValues } from '../schemas';
import { AccountSection } from './account-section';
import { CalendarSection } from './calendar-section';
import { EmailSection } from './email-section';
import { timeZones, zoneLabel } from '../time-zones';

const selectClass =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg transition-colors focus:border-ring focus:outline-none focus-visible:outline-2';

function Section({ id, icon, title, description, children }: { id: string; icon: ReactNode; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-info-bg text-link" aria-hidden>
          {icon}
        </span>
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function LanguageSection() {
  const { t } = useTranslation();
  const lang = useLang();
  // The choice shows at once; the interface follows when the language's
  // strings have loaded.
  const [chosen, setChosen] = useState<Lang | null>(null);
  return (
    <Section id="settings-language" icon={<Languages className="size-5" />} title={t('settings.language.title')} description={t('settings.language.description')}>
      <ChoiceCards<Lang> legendHidden
        legend={t('settings.language.title')}
        value={chosen ?? lang}
        onChange={(l) => {
          setChosen(l);
          void chooseLang(l).finally(() => setChosen(null));
        }}
        options={[
          { value: 'fa', label: 'فارسی', lang: 'fa' },
          { value: 'en', label: 'English', lang: 'en' },
        ]}
      />
    </Section>
  );
}

function ThemeSection() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  return (
    <Section id="settings-theme" icon={<Palette className="size-5" />} title={t('settings.theme.title')} description={t('settings.theme.description')}>
      <ChoiceCards<Theme> legendHidden
        legend={t('settings.theme.title')}
        value={theme}
        onChange={setTheme}
        options={[
          { value: 'dark', label: t('settings.theme.dark') },
          { value: 'light', label: t('settings.theme.light') },
        ]}
      />
    </Section>
  );
}

function ZoneSelect({ id, value, onChange, deviceOption }: { id: string; value: string; onChange: (v: string) => void; deviceOption?: string }) {
  const lang = useLang();
  const zones = useMemo(() => {
    const list = timeZones();
    const all = value && !list.includes(value) ? [value, ...list] : list;
    return all.map((z) => ({ value: z, label: zoneLabel(z, lang) }));
  }, [lang, value]);
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
      {deviceOption && <option value="">{deviceOption}</option>}
      {zones.map((z) => (
        <option key={z.value} value={z.value}>
          {z.label}
        </option>
      ))}
    </select>
  );
}

/** StudentZone: a student's zone is kept in this browser (the device's by default). */
function StudentZone() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const [value, setValue] = useState(() => storedTimeZone() ?? '');
  const [notice, setNotice] = useFlash();
  const device = browserTimeZone();
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium">
          {t('settings.zone.label')}
        </label>
        <ZoneSelect
          id={id}
          value={value}
          deviceOption={t('settings.zone.device', { zone: zoneLabel(device, lang) })}
          onChange={(v) => {
            setValue(v);
            setViewerTimeZone(v || null);
            setNotice(t('settings.zone.saved'));
          }}
        />
        <p className="text-xs text-muted">{t('settings.zone.studentHint')}</p>
      </div>
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
    </div>
  );
}

/** TeacherZone: a teacher's zone is saved in their profile; their slots and courses are read in it. */
function TeacherZone() {
  const { t } = useTranslation();
  const id = useId();
  const profile = useTeacherProfile();
  const save = useSaveTeacherTimeZone();
  const [value, setValue] = useState<string | null>(null);
  const [notice, setNotice] = useFlash();
  if (profile.isPending) {
    return (
      <div className="flex min-h-16 items-center justify-center text-primary">
        <Spinner className="size-6" label={t('common.loading')} />
      </div>
    );
  }
  if (profile.isError) {
    return <ErrorBanner onRetry={() => void profile.refetch()}>{errorText(profile.error, t, 'settings.zone.loadFailed')}</ErrorBanner>;
  }
  const current = value ?? profile.data.timezone;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(current, {
          onSuccess: (p) => {
            setViewerTimeZone(p.timezone);
            setValue(null);
            setNotice(t('settings.zone.saved'));
          },
        });
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium">
          {t('settings.zone.label')}
        </label>
        <ZoneSelect id={id} value={current} onChange={setValue} />
        <p className="text-xs text-muted">{t('settings.zone.teacherHint')}</p>
      </div>
      {save.isError && <Alert tone="error">{errorText(save.error, t, 'settings.zone.saveFailed')}</Alert>}
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      <Button type="submit" loading={save.isPending} disabled={current === profile.data.timezone}>
        {t('settings.zone.save')}
      </Button>
    </form>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const auth = useAuth();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useFlash();
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { current: '', next: '', confirm: '' },
  });
  const submit = handleSubmit((v) => {
    setError(null);
    setDone(null);
    change.mutate(
      { current_password: v.current, new_password: v.next },
      {
        onSuccess: ({ access, detail }) => {
          // Earlier tokens stop working: keep the session on the new one.
          if (auth.user) auth.login(access, auth.user, readSession()?.remember ?? true);
          reset();
          setDone(detail);
        },
        onError: (err) => {
          const rest = applyFieldErrors(err, setFieldError, { current_password: 'current', new_password: 'next' });
          if (rest === undefined) setError(errorText(err, t, 'settings.password.failed'));
          else if (rest) setError(rest);
        },
      },
    );
  });
  return (
    <Section id="settings-password" icon={<KeyRound className="size-5" />} title={t('settings.password.title')} description={t('settings.password.description')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="max-w-md space-y-4">
        {/* A hidden username helps password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={auth.user?.username ?? ''} readOnly hidden />
        <PasswordField label={t('settings.password.current')} autoComplete="current-password" error={fieldError(errors.current)} {...register('current')} />
        <PasswordField
          label={t('settings.password.new')}
          autoComplete="new-password"
          hint={t('settings.password.hint')}
          error={fieldError(errors.next)}
          {...register('next')}
        />
        <PasswordField label={t('settings.password.confirm')} autoComplete="new-password" error={fieldError(errors.confirm)} {...register('confirm')} />
        <div aria-live="polite" className="space-y-2">
          {error && <Alert tone="error">{error}</Alert>}
          {done && <Alert tone="success">{done}</Alert>}
        </div>
        <Button type="submit" loading={change.isPending}>
          {t('settings.password.submit')}
        </Button>
      </form>
    </Section>
  );
}

/** SettingsScreen is the settings of both roles: language, theme, time zone,
 * notifications (what reaches the member by SMS and email, composed in by the
 * route from the notifications feature), the email's verification, the
 * calendar address, password, and the user's own data (download it, delete
 * the account). */
export function SettingsScreen({ role, notifications }: { role: Role; notifications?: ReactNode }) {
  const { t } = useTranslation();
  const member = role === 'teacher' ? 'teacher' : 'student';
  return (
    <div className="space-y-5">
      <div className="grid gap-5 lg:grid-cols-2">
        <LanguageSection />
        <ThemeSection />
      </div>
      <Section
        id="settings-zone"
        icon={<Clock className="size-5" />}
        title={t('settings.zone.title')}
        description={role === 'teacher' ? t('settings.zone.teacherDescription') : t('settings.zone.studentDescription')}
      >
        {role === 'teacher' ? <TeacherZone /> : <StudentZone />}
      </Section>
      {notifications && (
        <Section
          id="settings-notifications"
          icon={<Bell className="size-5" />}
          title={t('settings.notifications.title')}
          description={t('settings.notifications.description')}
        >
          {notifications}
        </Section>
      )}
      <div className="grid gap-5 lg:grid-cols-2">
        <Section id="settings-email" icon={<Mail className="size-5" />} title={t('settings.email.title')} description={t('settings.email.description')}>
          <EmailSection role={member} />
        </Section>
        <Section
          id="settings-calendar"
          icon={<CalendarDays className="size-5" />}
          title={t('settings.calendar.title')}
          description={t('settings.calendar.description')}
        >
          <CalendarSection />
        </Section>
      </div>
      <PasswordSection />
      <Section
        id="settings-account"
        icon={<FileArchive className="size-5" />}
        title={t('settings.account.title')}
        description={t('settings.account.description')}
      >
        <AccountSection />
      </Section>
    </div>
  );
}
