import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResultPanel, resultLinkClass } from '@/components/ui/result-panel';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { useUnsubscribe } from '../api/unsubscribe';
import { kindName } from '../kinds';

/** UnsubscribePage is where an email's unsubscribe link leads: that kind of
 * email stops at once, without signing in; a signed-in member is pointed to
 * their settings to change it back. */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useAuth();
  const token = params.get('token') ?? '';
  const q = useUnsubscribe(token);
  const settings =
    user?.role === 'teacher' ? paths.teacher.settings.path : user?.role === 'student' ? paths.student.settings.path : paths.login.path;
  const onward = (
    <Link to={settings} className={resultLinkClass}>
      {user && user.role !== 'admin' ? t('notifications.unsubscribe.toSettings') : t('notifications.unsubscribe.toLogin')}
    </Link>
  );
  if (token === '') {
    return (
      <ResultPanel state="error" title={t('notifications.unsubscribe.failedTitle')} actions={onward}>
        {t('notifications.unsubscribe.noToken')}
      </ResultPanel>
    );
  }
  if (q.isPending) return <ResultPanel state="working" title={t('notifications.unsubscribe.working')} />;
  if (q.isError) {
    return (
      <ResultPanel state="error" title={t('notifications.unsubscribe.failedTitle')} actions={onward}>
        {errorText(q.error, t, 'notifications.unsubscribe.failed')}
      </ResultPanel>
    );
  }
  return (
    <ResultPanel state="success" title={t('notifications.unsubscribe.doneTitle')} actions={onward}>
      {t('notifications.unsubscribe.done', { kind: t(kindName(q.data.kind)) })}
    </ResultPanel>
  );
}
