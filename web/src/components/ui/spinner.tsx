import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Spinner is a spinning ring; decorative unless given a label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-current border-e-transparent',
        className,
      )}
    />
  );
}

/** PageSpinner fills the screen while something loads (auth, a lazy screen). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60dvh] items-center justify-center text-primary">
      <Spinner className="size-10 border-4" label={t('common.loading')} />
    </div>
  );
}
