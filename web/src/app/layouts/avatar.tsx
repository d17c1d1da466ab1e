import { useEffect, useState } from 'react';
import { UserRound } from 'lucide-react';
import { photoUrl, type User } from '@/lib/auth/user';

/** TRIGGER_CLASS is the look of the header's avatar button, the same before
 * and after the user menu's code has loaded. */
export const TRIGGER_CLASS = 'inline-flex items-center gap-2 rounded-full p-0.5 transition-colors hover:bg-surface-2';

/** Avatar shows the profile photo; when missing or failing to load, the first
 * letter of the name; with no user, a placeholder icon. */
export function Avatar({ user, name }: { user: User | null; name: string | null }) {
  const src = photoUrl(user);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  const base = 'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-on-primary';
  if (src && !failed) {
    return <img src={src} alt="" className={`${base} object-cover`} onError={() => setFailed(true)} />;
  }
  const letter = name ? Array.from(name.trim())[0]?.toLocaleUpperCase() : undefined;
  return (
    <span className={base} aria-hidden>
      {letter ?? <UserRound className="size-5" />}
    </span>
  );
}
