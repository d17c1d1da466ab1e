import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { TeacherReview } from '@/features/admin/components/teacher-review';

export function AdminTeachersRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading description={t('admin.teachers.subtitle')}>{t('admin.pages.teachers')}</PageHeading>
      <TeacherReview />
    </>
  );
}
