import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, CheckCircle2, Info, RotateCw } from 'lucide-react';
import { cn } from '@/lib/cn';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'bg-danger-bg text-danger border-danger/30',
  success: 'bg-success-bg text-success border-success/30',
  info: 'bg-info-bg text-fg border-line',
};

const icons = { error: AlertCircle, success: CheckCircle2, info: Info };

/** Alert is a banner for errors and notices. Error banners read aloud at once
 * (role=alert); with onRetry they carry a retry button (spec section 8). */
export function Alert({ tone = 'error', children, onRetry, className }: { tone?: Tone; children: ReactNode; onRetry?: () => void; className?: string }) {
  const { t } = useTranslation();
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 break-words">{children}</div>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium underline-offset-2 hover:underline"
        >
          <RotateCw className="size-4" aria-hidden />
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
