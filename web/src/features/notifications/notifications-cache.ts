// The pure rules that keep the cached notifications whole as live events,
// reads and marks arrive.
import type { NotificationPages } from './api/get-notifications';
import type { Notification } from './types';

/** unreadOf is the reader's unread count: the newest page's. */
export function unreadOf(data: NotificationPages | undefined): number {
  return data?.pages[0]?.unread ?? 0;
}

/** withArrived puts a notification that has just arrived at the top (once)
 * and takes the server's unread count that came with it. */
export function withArrived(data: NotificationPages | undefined, n: Notification, unread: number): NotificationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const known = data.pages.some((p) => p.results.some((x) => x.id === n.id));
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ unread, results: known ? first!.results : [n, ...first!.results] }, ...rest] };
}

/** withRead marks one notification read and counts it off, if it was unread. */
export function withRead(data: NotificationPages | undefined, id: number): NotificationPages | undefined {
  if (!data) return data;
  const was = data.pages.some((p) => p.results.some((x) => x.id === id && !x.read));
  if (!was) return data;
  const pages = data.pages.map((p, i) => ({
    unread: i === 0 ? Math.max(0, p.unread - 1) : p.unread,
    results: p.results.map((x) => (x.id === id ? { ...x, read: true } : x)),
  }));
  return { ...data, pages };
}

/** withAllRead marks every loaded notification read and the count zero. */
export function withAllRead(data: NotificationPages | undefined): NotificationPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ unread: 0, results: p.results.map((x) => (x.read ? x : { ...x, read: true })) })) };
}
