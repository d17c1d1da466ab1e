import { http, HttpResponse } from 'msw';

/** defaultHandlers answer the calls every signed-in screen makes, so that a
 * test of another screen need not mock them: no chats (the sidebar's unread
 * badge), no notifications (the header's bell), the language and zone told
 * to the server, and an event stream that declines with 204, which tells the
 * live client not to reconnect (screens then poll). Tests override them with
 * server.use(). */
export const defaultHandlers = [
  http.get('*/api/chats/', () => HttpResponse.json([])),
  http.get('*/api/notifications/', () => HttpResponse.json({ results: [], unread: 0 })),
  http.put('*/api/notifications/preferences/', async ({ request }) =>
    HttpResponse.json({ language: 'fa', time_zone: 'Asia/Tehran', quiet_start: '22:00', quiet_end: '08:00', channels: {}, ...((await request.json()) as object) }),
  ),
  http.get('*/api/events/', () => new HttpResponse(null, { status: 204 })),
];
