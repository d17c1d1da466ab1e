import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, Trash2, UserX } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/field';
import { errorText } from '@/lib/api/error-text';
import { ApiError } from '@/lib/api/errors';
import { useAuth } from '@/lib/auth/auth-provider';
import { useDeleteAccount, useExportData } from '../api/account';

/** AccountSection is the user's own data: download all of it, or delete the
 * account with their password (the server says why it cannot, while classes
 * are ahead, a dispute is open or money is in the wallet). */
export function AccountSection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const exporting = useExportData();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="space-y-5">
      <div>
        <h3 className="font-medium">{t('settings.account.exportTitle')}</h3>
        <p className="mt-1 text-sm text-muted">{t('settings.account.exportBody')}</p>
        <div aria-live="polite" className="mt-3 space-y-2">
          {exporting.isError && <Alert tone="error">{errorText(exporting.error, t, 'settings.account.exportFailed')}</Alert>}
          {exporting.isSuccess && <Alert tone="success">{t('settings.account.exported')}</Alert>}
        </div>
        <Button variant="secondary" className="mt-3" loading={exporting.isPending} onClick={() => user && exporting.mutate(user.username)}>
          <Download className="size-4" aria-hidden />
          {t('settings.account.export')}
        </Button>
      </div>
      <div className="border-t border-line pt-5">
        <h3 className="font-medium text-danger">{t('settings.account.deleteTitle')}</h3>
        <p className="mt-1 text-sm text-muted">{t('settings.account.deleteBody')}</p>
        <Button variant="danger" className="mt-3" onClick={() => setDeleting(true)}>
          <UserX className="size-4" aria-hidden />
          {t('settings.account.delete')}
        </Button>
      </div>
      {deleting && <DeleteDialog onClose={() => setDeleting(false)} />}
    </div>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    if (password === '') {
      setFieldError(t('settings.account.passwordRequired'));
      return;
    }
    setFieldError(undefined);
    remove.mutate(password, {
      onSuccess: () => {
        logout();
        navigate('/login', { replace: true });
      },
      onError: (err) => {
        const mine = err instanceof ApiError ? err.fields.password : undefined;
        if (mine) setFieldError(mine.join(' '));
        else setError(errorText(err, t, 'settings.account.deleteFailed'));
      },
    });
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && !remove.isPending && onClose()}
      title={t('settings.account.deleteTitle')}
      description={t('settings.account.deleteWarning')}
      closeLabel={t('settings.account.cancel')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            {t('settings.account.cancel')}
          </Button>
          <Button type="submit" form="delete-account" variant="danger" loading={remove.isPending}>
            <Trash2 className="size-4" aria-hidden />
            {t('settings.account.deleteConfirm')}
          </Button>
        </>
      }
    >
      <form
        id="delete-account"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        {/* A hidden username helps password managers find the right password. */}
        <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
        <PasswordField
          label={t('settings.account.password')}
          autoComplete="current-password"
          autoFocus
          value={password}
          error={fieldError}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
      </form>
    </Modal>
  );
}
