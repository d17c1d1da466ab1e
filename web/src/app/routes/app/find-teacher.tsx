import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@/features/booking/api/book-slot';
import { BookingSuccess } from '@/features/booking/components/booking-success';
import { teachersQueryKey, type Teacher } from '@/lib/api/teachers';
import { FindTeacher } from '@/features/find-teacher/components/find-teacher';
import { useAfterFirstReads } from '@/lib/use-after-first-reads';

// The dialogs are not part of the first screen: their code loads once the
// teachers are shown (useAfterFirstReads), ready before a card's button is pressed.
const BookingDialog = lazy(() => import('@/features/booking/components/booking-dialog').then((m) => ({ default: m.BookingDialog })));
const TeacherReviewsDialog = lazy(() =>
  import('@/features/reviews/components/teacher-reviews-dialog').then((m) => ({ default: m.TeacherReviewsDialog })),
);

/** FindTeacherRoute is /student/find-teacher and /student/find-teacher/{teacherId}:
 * the teacher search with its booking dialog. After a booking the teachers and
 * their free times are read again. */
export function FindTeacherRoute() {
  const queryClient = useQueryClient();
  const [teacher, setTeacher] = useState<Teacher | null>(null);
  const [open, setOpen] = useState(false);
  const [reviewed, setReviewed] = useState<Teacher | null>(null);
  const [booked, setBooked] = useState<{ booking: Booking; classes: number } | null>(null);
  const shown = useAfterFirstReads();
  return (
    <>
      <FindTeacher
        onBook={(t) => {
          setTeacher(t);
          setOpen(true);
        }}
        onReviews={setReviewed}
        banner={booked && <BookingSuccess booking={booked.booking} classes={booked.classes} onDismiss={() => setBooked(null)} />}
      />
      {shown && (
        <Suspense>
          <BookingDialog
            teacher={teacher}
            open={open}
            onOpenChange={setOpen}
            onBooked={(booking, classes) => {
              setBooked({ booking, classes });
              void queryClient.invalidateQueries({ queryKey: teachersQueryKey });
            }}
          />
          <TeacherReviewsDialog
            teacher={reviewed && { id: reviewed.id, name: reviewed.name || reviewed.username, rating: reviewed.rating, reviews_count: reviewed.reviews_count }}
            onClose={() => setReviewed(null)}
          />
        </Suspense>
      )}
    </>
  );
}
