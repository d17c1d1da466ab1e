import { paths } from '@/config/paths';
import type { Role } from '@/lib/auth/user';

/** messagesHref is the messages screen of role, with a chat open (?chat=id)
 * or the new-chat dialog shown (?new=1). */
export function messagesHref(role: Role, opts: { chat?: number; newChat?: boolean } = {}): string {
  const base = role === 'teacher' ? paths.teacher.messages.path : paths.student.messages.path;
  if (opts.chat) return `${base}?chat=${opts.chat}`;
  if (opts.newChat) return `${base}?new=1`;
  return base;
}
