import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveOpened } from '@/lib/events-provider';
import { currentLang } from '@/lib/i18n';
import { notificationsKeys, type NotificationPages } from '../api/get-notifications';
import { withArrived } from '../notifications-cache';
import { isNotificationEventData } from '../types';

/** useNotificationsLiveSync puts each `notification` event at the top of the
 * cached list with its unread count (the bell rises at once), and reads the
 * list again when the stream (re)opens, to catch what came meanwhile. The
 * stream speaks the interface language, so an event goes to that language's
 * list. Call it once, where the bell is. */
export function useNotificationsLiveSync(): void {
  const queryClient = useQueryClient();
  useLiveEvent('notification', (data) => {
    if (!isNotificationEventData(data)) return;
    const key = notificationsKeys.list(currentLang());
    const cached = queryClient.getQueryData<NotificationPages>(key);
    if (cached) queryClient.setQueryData<NotificationPages>(key, withArrived(cached, data.notification, data.unread));
    // A read of the list under way (the one of the stream's opening, say)
    // may predate the notification: its answer would drop it and put the
    // count back, so it is called off and made again. The other language's
    // list, if any, is read again when it is next shown.
    const reading = queryClient.isFetching({ queryKey: key }) > 0;
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.all, refetchType: cached && !reading ? 'none' : 'active' });
  });
  useLiveOpened(() => {
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
  });
}
