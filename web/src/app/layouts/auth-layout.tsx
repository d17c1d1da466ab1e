import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageToggle, ThemeToggle } from '@/components/ui/preference-toggles';
import { Logo } from '@/components/ui/logo';

/** AuthLayout frames the public screens: the logo, the language and theme
 * toggles, and a centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Link to="/login" className="rounded-lg px-1 py-1">
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          <LanguageToggle />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-10 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}
