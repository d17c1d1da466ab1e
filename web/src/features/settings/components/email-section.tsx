import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailCheck, MailWarning, Send } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import type { MemberRole } from '@/lib/auth/user';
import { useSendVerification } from '../api/email';

/** EmailSection says whether the member's email is verified (emails go only
 * to a verified address) and sends a link to verify it. */
export function EmailSection({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const verify = useSendVerification();
  const email = user?.email ?? '';
  const verified = user?.email_verified === true;
  if (email === '') {
    return (
      <p className="text-sm text-muted">
        {t('settings.email.none')}{' '}
        <Link to={role === 'teacher' ? paths.teacher.profile.path : paths.student.profile.path} className="font-medium text-link underline-offset-2 hover:underline">
          {t('settings.email.toProfile')}
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <bdi dir="ltr" className="min-w-0 break-all font-medium">
          {email}
        </bdi>
        {verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-success-bg px-2.5 py-0.5 text-xs font-medium text-success">
            <MailCheck className="size-3.5" aria-hidden />
            {t('settings.email.verified')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-danger-bg px-2.5 py-0.5 text-xs font-medium text-danger">
            <MailWarning className="size-3.5" aria-hidden />
            {t('settings.email.notVerified')}
          </span>
        )}
      </div>
      {!verified && (
        <>
          <p className="text-sm text-muted">{t('settings.email.why')}</p>
          <div aria-live="polite" className="space-y-2">
            {verify.isSuccess && <Alert tone="success">{verify.data.detail || t('settings.email.sent')}</Alert>}
            {verify.isError && <Alert tone="error">{errorText(verify.error, t, 'settings.email.sendFailed')}</Alert>}
          </div>
          <Button variant="secondary" loading={verify.isPending} onClick={() => verify.mutate()}>
            <Send className="size-4 rtl:-scale-x-100" aria-hidden />
            {t('settings.email.send')}
          </Button>
        </>
      )}
    </div>
  );
}
