import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResultPanel, resultLinkClass } from '@/components/ui/result-panel';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { useConfirmEmail } from '../api/email';

/** VerifyEmailPage is where the verification email's link leads: the address
 * is confirmed with the link's token, signed in or not. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useAuth();
  const token = params.get('token') ?? '';
  const q = useConfirmEmail(token);
  const member = user && user.role !== 'admin';
  const onward = (
    <Link
      to={member ? (user.role === 'teacher' ? paths.teacher.settings.path : paths.student.settings.path) : paths.login.path}
      className={resultLinkClass}
    >
      {member ? t('settings.verifyEmail.toSettings') : t('settings.verifyEmail.toLogin')}
    </Link>
  );
  if (token === '') {
    return (
      <ResultPanel state="error" title={t('settings.verifyEmail.failedTitle')} actions={onward}>
        {t('settings.verifyEmail.noToken')}
      </ResultPanel>
    );
  }
  if (q.isPending) return <ResultPanel state="working" title={t('settings.verifyEmail.working')} />;
  if (q.isError) {
    return (
      <ResultPanel state="error" title={t('settings.verifyEmail.failedTitle')} actions={onward}>
        {errorText(q.error, t, 'settings.verifyEmail.failed')}
      </ResultPanel>
    );
  }
  return (
    <ResultPanel state="success" title={t('settings.verifyEmail.doneTitle')} actions={onward}>
      {t('settings.verifyEmail.done', { email: q.data.email })}
    </ResultPanel>
  );
}
