import { paths } from '@/config/paths';
import type { MemberRole } from '@/lib/auth/user';
import type { Notification } from './types';

/** notificationPath is the screen a notification leads to: the server's link
 * (the same one its email and SMS carry), as long as it is a screen of the
 * reader's own area; else the area's home. */
export function notificationPath(n: Pick<Notification, 'link'>, role: MemberRole): string {
  const area = role === 'teacher' ? paths.teacher : paths.student;
  return n.link.startsWith(`${area.root.path}/`) ? n.link : area.root.path;
}
