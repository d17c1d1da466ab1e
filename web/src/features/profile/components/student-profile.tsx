import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageHeading } from '@/components/ui/page-heading';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { useStudentProfile } from '../api/get-student-profile';
import { useFlash } from '@/lib/use-flash';
import { LanguageLevels } from './language-levels';
import { PersonalInfo } from './personal-info';
import { PhotoCard } from './photo-card';
import { QuickStats } from './quick-stats';

/** StudentProfilePage is /student/profile: photo, quick stats, personal
 * information in view and edit modes, the languages learnt, and logout. */
export function StudentProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const profile = useStudentProfile();
  const [flash, showFlash] = useFlash();

  const onLogout = () => {
    logout();
    navigate(paths.login.path, { replace: true });
  };

  const p = profile.data;
  const name = p ? `${p.first_name} ${p.last_name}`.trim() || p.username || t('common.studentFallback') : '';

  return (
    <div>
      <PageHeading description={t('profile.subtitle')}>{t('pages.profile')}</PageHeading>
      <div aria-live="polite">{flash && <Alert tone="success" className="mb-4">{flash}</Alert>}</div>
      {profile.isPending && <PageSpinner />}
      {profile.isError && (
        <ErrorBanner onRetry={() => void profile.refetch()}>{errorText(profile.error, t, 'profile.loadError')}</ErrorBanner>
      )}
      {p && (
        <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
          <div className="space-y-4">
            <PhotoCard profile={p} name={name} onSaved={showFlash} />
            <QuickStats languages={p.language_levels.length} />
            <div className="hidden lg:block">
              <Button variant="danger" className="w-full" onClick={onLogout}>
                <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
                {t('nav.logout')}
              </Button>
            </div>
          </div>
          <div className="space-y-4">
            <PersonalInfo profile={p} onSaved={showFlash} />
            <LanguageLevels profile={p} onSaved={showFlash} />
            {/* On narrow screens logout comes last, after the details. */}
            <div className="lg:hidden">
              <Button variant="danger" className="w-full" onClick={onLogout}>
                <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
                {t('nav.logout')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
