import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api/download';

/** downloadClassCalendar saves one class as an .ics file (GET
 * /api/slot/calendar/{id}/, for the class's student or teacher), for a
 * calendar app to open. */
export function downloadClassCalendar(bookingId: number): Promise<void> {
  return download(`/api/slot/calendar/${encodeURIComponent(String(bookingId))}/`, `zabano-class-${bookingId}.ics`);
}

export function useDownloadClassCalendar() {
  return useMutation({ mutationFn: downloadClassCalendar });
}
