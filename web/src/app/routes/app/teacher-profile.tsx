import { TeacherProfileEditor } from '@/features/teacher-profile/components/teacher-profile-editor';

/** TeacherProfileRoute is /teacher/profile ('edit profile'). */
export function TeacherProfileRoute() {
  return <TeacherProfileEditor />;
}
