import { http, HttpResponse } from 'msw';

/** defaultHandlers answer the calls every signed-in screen makes, so that a
 * test of another screen need not mock them: no chats (the sidebar's unread
 * badge), and an event stream that declines with 204, which tells the live
 * client not to reconnect (screens then poll). Tests override them with
 * server.use(). */
export const defaultHandlers = [
  http.get('*/api/chats/', () => HttpResponse.json([])),
  http.get('*/api/events/', () => new HttpResponse(null, { status: 204 })),
];
