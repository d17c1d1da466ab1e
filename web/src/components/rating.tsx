import { useTranslation } from 'react-i18next';
import { Sparkles, Star } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';

/** RatingSummary is a teacher's rating as students gave it: the average and
 * how many reviews, or "new" when nobody has rated them (never a made-up number). */
export function RatingSummary({ rating, count }: { rating: number | null | undefined; count: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (rating == null || count === 0) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-fg">
        <Sparkles className="size-3.5" aria-hidden />
        {t('reviews.new')}
      </span>
    );
  }
  const value = formatNumber(rating, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const n = formatNumber(count, lang);
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
      <span aria-hidden>
        {value} ({n})
      </span>
      <span className="sr-only">{t('reviews.ratingLabel', { rating: value, count, n })}</span>
    </span>
  );
}

/** Stars draws a 1-5 rating as five stars, for reading only. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <span className="inline-flex items-center" role="img" aria-label={t('reviews.stars', { n: formatNumber(rating, lang) })}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={i <= rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-muted'} aria-hidden />
      ))}
    </span>
  );
}
