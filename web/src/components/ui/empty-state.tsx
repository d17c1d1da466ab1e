import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Search, type LucideIcon } from 'lucide-react';

import { paths } from '@/config/paths';

/** What a list shows with nothing in it: an icon, what is missing, a hint and, if given, how to fill it. */
export function EmptyState({ icon: Icon, title, hint, action }: { icon: LucideIcon; title: string; hint: string; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface p-8 text-center">
      <Icon className="mx-auto size-10 text-muted" aria-hidden />
      <p className="mt-3 font-semibold">{title}</p>
      <p className="mt-1 text-sm text-muted">{hint}</p>
      {action}
    </div>
  );
}

/** The way out of a student's empty list: to Find teacher. */
export function FindTeacherLink({ children }: { children: ReactNode }) {
  return (
    <Link
      to={paths.student.findTeacher.path}
      className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover"
    >
      <Search className="size-4" aria-hidden />
      {children}
    </Link>
  );
}
