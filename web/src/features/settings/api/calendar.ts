import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** CalendarFeed is the member's secret calendar address. */
export type CalendarFeed = components['schemas']['CalendarAddress'];

const calendarKey = ['calendar-feed'] as const;

/** getCalendar is GET /api/calendar/ (the address is made on the first call). */
export function getCalendar(signal?: AbortSignal): Promise<CalendarFeed> {
  return request(api.GET('/api/calendar/', { signal }));
}

/** resetCalendar is POST /api/calendar/reset/: a new address; the old one stops working. */
export function resetCalendar(): Promise<CalendarFeed> {
  return request(api.POST('/api/calendar/reset/'));
}

export function useCalendar() {
  return useQuery({ queryKey: calendarKey, queryFn: ({ signal }) => getCalendar(signal) });
}

export function useResetCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendar,
    onSuccess: (feed) => queryClient.setQueryData(calendarKey, feed),
  });
}
