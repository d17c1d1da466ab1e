import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** VerifyingOverlay covers the screen while a login runs. */
export function VerifyingOverlay() {
  const { t } = useTranslation();
  return (
    <div className="z-fade fixed inset-0 z-50 flex items-center justify-center bg-bg/85 backdrop-blur-sm" aria-busy>
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 text-fg">
        <Spinner className="size-12 border-4 text-primary" />
        <p className="text-lg font-medium">{t('auth.login.verifying')}</p>
      </div>
    </div>
  );
}
