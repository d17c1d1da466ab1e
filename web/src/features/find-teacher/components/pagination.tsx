import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';

/** Pagination moves between pages of results: previous, "page x of y", next.
 * With more, there are y pages or more (a search's count stopped short).
 * The arrows point along the reading direction. */
export function Pagination({
  page,
  pages,
  more = false,
  onPage,
}: {
  page: number;
  pages: number;
  more?: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('findTeacher.pagination.label')} className="flex items-center justify-center gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        {t('findTeacher.pagination.previous')}
      </Button>
      <p className="text-sm text-muted" aria-current="page">
        {t(more ? 'findTeacher.pagination.pageOfMore' : 'findTeacher.pagination.page', {
          page: formatNumber(page, lang),
          pages: formatNumber(pages, lang),
        })}
      </p>
      <Button variant="secondary" disabled={page >= pages && !more} onClick={() => onPage(page + 1)}>
        {t('findTeacher.pagination.next')}
        <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
      </Button>
    </nav>
  );
}
