import { StudentProfilePage } from '@/features/profile/components/student-profile';

/** StudentProfileRoute is /student/profile. */
export function StudentProfileRoute() {
  return <StudentProfilePage />;
}
