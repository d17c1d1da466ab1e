import type { ReactNode } from 'react';

/** PageHeading is the h1 of a screen. */
export function PageHeading({ children, description }: { children: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-fg">{children}</h1>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
    </div>
  );
}
