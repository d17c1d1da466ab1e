import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Logo is the product mark and name. */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold text-fg', className)}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#4f46e5" />
        <path d="M18 20h28L22 44h24" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('app.name')}
    </span>
  );
}
