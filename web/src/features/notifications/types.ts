// The shapes of the notifications API, as docs/openapi.yaml describes them.
import type { components } from '@/lib/api/schema';

/** NotificationKind is what a notification tells, as the API names it. */
export type NotificationKind = components['schemas']['NotificationKind'];

/** The channels a user turns on or off per kind (the app's own list is always on). */
export type OptionalChannel = 'sms' | 'email';

/** Notification is one item of the notifications page, its title and text in
 * the reader's language. created_at is when it became due. */
export type Notification = components['schemas']['Notification'];

/** A page of GET /api/notifications/?page=N, with the reader's unread count. */
export type NotificationPage = { results: Notification[]; unread: number };

/** The data of a `notification` event of GET /api/events/. */
export type NotificationEventData = { notification: Notification; unread: number };

/** NotificationPrefs are GET /api/notifications/preferences/: quiet hours are
 * "HH:MM" in time_zone, equal start and end for none. */
export type NotificationPrefs = components['schemas']['NotificationPrefs'];

/** PUT /api/notifications/preferences/ takes any of the fields; channels
 * changes only the kinds and channels it names. */
export type PrefsUpdate = Partial<Omit<NotificationPrefs, 'channels'>> & {
  channels?: Partial<Record<NotificationKind, Partial<Record<OptionalChannel, boolean>>>>;
};

export function isNotificationEventData(d: unknown): d is NotificationEventData {
  if (typeof d !== 'object' || d === null) return false;
  const v = d as Record<string, unknown>;
  const n = v.notification as Record<string, unknown> | undefined;
  return typeof v.unread === 'number' && typeof n === 'object' && n !== null && typeof n.id === 'number' && typeof n.title === 'string';
}
