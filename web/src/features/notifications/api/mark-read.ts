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

/** useMarkRead marks a notification read, in the list and the bell at once,
 * then reads the list again once the server has it. A read of the list
 * already under way is called off: its answer, from before the mark, would
 * put the count back. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsKeys.all });
      queryClient.setQueriesData<NotificationPages>({ queryKey: notificationsKeys.all }, (prev) => withRead(prev, id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
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
