import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/dialog';
import { ReviewList } from './review-list';
import { RatingSummary } from '@/components/rating';

type TeacherReviewsDialogProps = {
  teacher: { id: number; name: string; rating: number | null | undefined; reviews_count: number } | null;
  onClose: () => void;
};

/** TeacherReviewsDialog shows a teacher's reviews from their card in Find teacher. */
export function TeacherReviewsDialog({ teacher, onClose }: TeacherReviewsDialogProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <Modal
      open={teacher !== null}
      onOpenChange={(o) => {
        if (!o) {
          setPage(1);
          onClose();
        }
      }}
      title={teacher ? t('reviews.ofTeacher', { name: teacher.name }) : ''}
      description={teacher ? <RatingSummary rating={teacher.rating} count={teacher.reviews_count} /> : undefined}
      closeLabel={t('reviews.close')}
    >
      {teacher && <ReviewList teacherId={teacher.id} page={page} onPage={setPage} />}
    </Modal>
  );
}
