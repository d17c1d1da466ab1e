import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextArea } from '@/components/ui/field';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useAddReview } from '../api';

/** The longest review text the server takes. */
export const MAX_REVIEW_TEXT = 2000;

type RateClassDialogProps = {
  /** The done class to rate; null closes the dialog. */
  booking: { id: number; teacherName: string } | null;
  onClose: () => void;
  onRated: () => void;
};

/** RateClassDialog rates a done class: 1 to 5 stars (a radio group, so
 * arrow keys move between them) and an optional text. */
export function RateClassDialog({ booking, onClose, onRated }: RateClassDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const add = useAddReview();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  const legend = useId();

  const close = () => {
    setRating(0);
    setText('');
    setProblem(null);
    add.reset();
    onClose();
  };
  const submit = () => {
    if (!booking) return;
    if (rating === 0) {
      setProblem(t('reviews.rate.chooseStars'));
      return;
    }
    setProblem(null);
    add.mutate(
      { booking: booking.id, rating, text },
      {
        onSuccess: () => {
          close();
          onRated();
        },
        onError: (err) => setProblem(errorText(err, t, 'reviews.rate.failed')),
      },
    );
  };

  return (
    <Modal
      open={booking !== null}
      onOpenChange={(o) => !o && !add.isPending && close()}
      title={t('reviews.rate.title')}
      description={booking ? t('reviews.rate.description', { teacher: booking.teacherName }) : undefined}
      closeLabel={t('reviews.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={add.isPending}>
            {t('reviews.cancel')}
          </Button>
          <Button onClick={submit} loading={add.isPending}>
            {t('reviews.rate.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset>
          <legend id={legend} className="mb-2 text-sm font-medium">
            {t('reviews.rate.stars')}
          </legend>
          <div className="flex gap-1" dir="ltr">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="cursor-pointer">
                <input
                  type="radio"
                  name={name}
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  className="peer sr-only"
                />
                <span className="inline-flex size-11 items-center justify-center rounded-lg peer-focus-visible:outline-2 peer-focus-visible:outline-ring">
                  <Star
                    className={cn('size-8', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted')}
                    aria-hidden
                  />
                </span>
                <span className="sr-only">{t('reviews.stars', { n: formatNumber(n, lang) })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextArea
          label={t('reviews.rate.text')}
          optional
          value={text}
          maxLength={MAX_REVIEW_TEXT}
          onChange={(e) => setText(e.target.value)}
          hint={t('reviews.rate.textHint', { n: formatNumber(MAX_REVIEW_TEXT, lang) })}
        />
        {problem && <Alert tone="error">{problem}</Alert>}
      </div>
    </Modal>
  );
}
