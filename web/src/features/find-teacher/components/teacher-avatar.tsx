import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';

/** TeacherAvatar is a teacher's photo, or the first letter of their name when
 * there is none or it fails to load. Decorative: the name is written beside it. */
export function TeacherAvatar({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-on-primary', className);
  if (src && failed !== src) {
    return <img src={src} alt="" loading="lazy" className={cn(base, 'object-cover')} onError={() => setFailed(src)} />;
  }
  const letter = Array.from(name.trim())[0]?.toLocaleUpperCase();
  return (
    <span className={cn(base, 'text-xl font-bold')} aria-hidden>
      {letter ?? <UserRound className="size-1/2" />}
    </span>
  );
}
