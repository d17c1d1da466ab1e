import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { withAllRead, withRead } from '../notifications-cache';
import { notificationsKeys, type NotificationPages } from './get-notifications';

/** markNotificationRead is POST /api/notifications/{id}/read/. */
export function markNotificationRead(id: number): Promise<unknown> {
  return request(api.POST('/api/notifications/{id}/read/', { params: { path: { id } } }));
}

/** markAllNotificationsRead is POST /api/notifications/read-all/. */
export function markAllNotificationsRead(): Promise<unknown> {
  return request(api.POST('/api/notifications/read-all/'));
}

/** useMarkRead marks a notification read, in the list and the bell at once;
 * if the server refuses, the list is read again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueriesData<NotificationPages>({ queryKey: notificationsKeys.all }, (prev) => withRead(prev, id));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}

/** useMarkAllRead marks every notification read. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueriesData<NotificationPages>({ queryKey: notificationsKeys.all }, (prev) => withAllRead(prev));
      // Some may have come between the list's read and the mark: the server knows.
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    },
  });
}
