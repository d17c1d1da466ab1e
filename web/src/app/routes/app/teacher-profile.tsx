import { OwnReviews } from '@/features/reviews/components/own-reviews';
import { TeacherProfileEditor } from '@/features/teacher-profile/components/teacher-profile-editor';

/** TeacherProfileRoute is /teacher/profile ('edit profile'), with the teacher's reviews and their answers. */
export function TeacherProfileRoute() {
  return (
    <div className="space-y-6">
      <TeacherProfileEditor />
      <OwnReviews />
    </div>
  );
}
