import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@/features/booking/api/book-slot';
import { BookingDialog } from '@/features/booking/components/booking-dialog';
import { BookingSuccess } from '@/features/booking/components/booking-success';
import { teachersQueryKey, type Teacher } from '@/lib/api/teachers';
import { FindTeacher } from '@/features/find-teacher/components/find-teacher';
import { TeacherReviewsDialog } from '@/features/reviews/components/teacher-reviews-dialog';

/** FindTeacherRoute is /student/find-teacher and /student/find-teacher/{teacherId}:
 * the teacher search with its booking dialog. After a booking the teachers and
 * their free times are read again. */
export function FindTeacherRoute() {
  const queryClient = useQueryClient();
  const [teacher, setTeacher] = useState<Teacher | null>(null);
  const [open, setOpen] = useState(false);
  const [reviewed, setReviewed] = useState<Teacher | null>(null);
  const [booked, setBooked] = useState<{ booking: Booking; classes: number } | null>(null);
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
    </>
  );
}
