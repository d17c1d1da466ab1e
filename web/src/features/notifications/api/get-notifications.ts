import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { useLiveStatus } from '@/lib/events-provider';
import type { Lang } from '@/lib/i18n/langs';
import { useLang } from '@/lib/i18n/use-lang';
import type { NotificationPage } from '../types';

/** Notifications per page (the server's). */
export const NOTIFICATIONS_PAGE = 20;
/** While the live stream is down the bell is read again this often. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** The reader's notifications are cached per language: the server writes their texts in the request's. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  list: (lang: Lang) => ['notifications', lang] as const,
};

/** The cache holds the pages loaded so far, newest first. */
export type NotificationPages = InfiniteData<NotificationPage>;

/** getNotifications reads a page of GET /api/notifications/ (from 1): the
 * reader's due notifications, newest first, and their unread count. */
export function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationPage> {
  return request(api.GET('/api/notifications/', { params: { query: { page } }, signal }));
}

export function notificationsQueryOptions(lang: Lang) {
  return infiniteQueryOptions({
    queryKey: notificationsKeys.list(lang),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    // A full page may have more after it; a short one is the last.
    getNextPageParam: (last, _all, lastParam) => (last.results.length >= NOTIFICATIONS_PAGE ? lastParam + 1 : undefined),
  });
}

/** useNotifications is the reader's notifications, a page at a time; live
 * events keep them fresh, polling while they cannot. The bell and the page
 * share it. */
export function useNotifications() {
  const live = useLiveStatus() === 'open';
  const lang = useLang();
  return useInfiniteQuery({ ...notificationsQueryOptions(lang), refetchInterval: live ? false : NOTIFICATIONS_POLL_MS });
}
