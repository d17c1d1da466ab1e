import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';
import { ReviewModeration } from '@/features/admin/components/review-moderation';

export function AdminReviewsRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // ?teacher=<id> narrows the list to one teacher's reviews (a link from the teacher's page).
  const teacher = Number(params.get('teacher'));
  const teacherId = Number.isSafeInteger(teacher) && teacher > 0 ? teacher : null;
  return (
    <>
      <PageHeading description={t('admin.reviews.subtitle')}>{t('admin.pages.reviews')}</PageHeading>
      <ReviewModeration teacherId={teacherId} />
    </>
  );
}
