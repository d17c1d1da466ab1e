import { useEffect, useState } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';

/** ChatAvatar is a person's photo, or the first letter of their name when
 * there is none or it fails to load. It is decorative: the name is shown next to it. */
export function ChatAvatar({ name, photo, className }: { name: string; photo: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [photo]);
  const base = cn(
    'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-sm font-semibold text-on-primary',
    className,
  );
  if (photo && !failed) {
    return <img src={photo} alt="" className={cn(base, 'object-cover')} onError={() => setFailed(true)} />;
  }
  const letter = Array.from(name.trim())[0]?.toLocaleUpperCase();
  return (
    <span className={base} aria-hidden>
      {letter ?? <UserRound className="size-5" />}
    </span>
  );
}
