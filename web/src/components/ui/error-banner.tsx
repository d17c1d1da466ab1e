import type { ReactNode } from 'react';
import { Alert } from './alert';

/** ErrorBanner is the error banner of a screen whose data failed to load. Its
 * retry button reloads the page unless the screen passes a gentler retry,
 * such as refetching a query (spec section 8). */
export function ErrorBanner({ children, onRetry, className }: { children: ReactNode; onRetry?: () => void; className?: string }) {
  return (
    <Alert tone="error" className={className} onRetry={onRetry ?? (() => window.location.reload())}>
      {children}
    </Alert>
  );
}
