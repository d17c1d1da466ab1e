import { useDeferredValue, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Heart, SearchX, SlidersHorizontal, Users } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { ToggleChip, chipClass } from '@/components/ui/toggle-chip';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/auth/auth-provider';
import { formatNumber } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import type { Teacher } from '@/lib/api/teachers';
import { useTeachers } from '../api/get-teachers';
import { mainSiteIdOf, useDeepLink } from '../hooks/use-deep-link';
import { NO_FILTERS, defaultSort, filterCount, readSearch, writeSearch, type SearchChange } from '../search-params';
import { Filters } from './filters';
import { Pagination } from './pagination';
import { SearchForm } from './search-form';
import { TeacherCard } from './teacher-card';

type FindTeacherProps = {
  /** Opens the booking dialog for a teacher. */
  onBook: (teacher: Teacher) => void;
  /** Opens a teacher's reviews (the reviews feature's dialog, which app/ composes in). */
  onReviews: (teacher: Teacher) => void;
  /** A notice from outside the screen (a booking that succeeded). */
  banner?: ReactNode;
};

/** FindTeacher is /student/find-teacher and /student/find-teacher/{teacherId}?id=:
 * the hero search, the language filter, the sort, the filters panel and a
 * student's saved teachers (all kept in the URL and done by the server), the
 * teacher cards with pagination, and the main-site link's teacher,
 * highlighted, scrolled to and offered for booking. */
export function FindTeacher({ onBook, onReviews, banner }: FindTeacherProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const { teacherId } = useParams();
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const list = useTeachers(search, tz);

  const featuredRef = useRef<HTMLElement>(null);
  const mainSiteId = mainSiteIdOf(teacherId, params);
  const deepLink = useDeepLink(mainSiteId, tz, featuredRef, onBook);
  const featured = deepLink.teacher;

  // The router renders a new URL a little after it is set: two quick changes
  // build on the last one written, so that both stay.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    // Rendered at last: the URL is the source again.
    if (written.current?.toString() === params.toString()) written.current = null;
  }, [params]);
  const update = (next: SearchChange) => {
    // A new search starts on its first page; paging keeps the search.
    const base = written.current ?? params;
    const current = readSearch(base);
    const change = typeof next === 'function' ? next(current) : next;
    // A sort nobody chose follows the query: relevance with one, else the default.
    const sort = change.q !== undefined && !base.has('sort') ? { sort: defaultSort(change.q) } : {};
    const out = writeSearch(base, { ...current, page: 1, ...sort, ...change });
    written.current = out;
    setParams(out);
  };
  const { isStudent } = useAuth();
  const filters = filterCount(search);
  const filtered = search.q !== '' || search.language !== '' || filters > 0 || search.saved;
  // The panel opens by itself on a search that has filters (a shared link, a reload).
  const [filtersOpen, setFiltersOpen] = useState(filters > 0);
  const filtersId = useId();

  // The cards render in a transition, which yields to the browser between
  // them: on a phone, twelve cards at once are a long task.
  const data = useDeferredValue(list.data);
  const results = (data?.results ?? []).filter((x) => x.id !== featured?.id);
  // A search's count stops at its page and five pages more: past it there
  // is at least one page more than the count fills.
  const pages = !data
    ? 1
    : data.count_exact
      ? Math.max(1, Math.ceil(data.count / data.page_size))
      : Math.floor(data.count / data.page_size) + 1;

  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-line bg-gradient-to-br from-primary/15 via-surface to-surface p-5 sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('pages.findTeacher')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-muted sm:text-base">{t('findTeacher.heroSubtitle')}</p>
        <div className="mt-5">
          <SearchForm search={search} onChange={update} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={filtersOpen ? filtersId : undefined}
            onClick={() => setFiltersOpen(!filtersOpen)}
            className={chipClass(filtersOpen)}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            {filters > 0 ? t('findTeacher.filters.toggleCount', { n: formatNumber(filters, lang) }) : t('findTeacher.filters.toggle')}
          </button>
          {isStudent && (
            <ToggleChip pressed={search.saved} onPressedChange={(saved) => update({ saved })}>
              <Heart className={cn('size-4', search.saved && 'fill-current')} aria-hidden />
              {t('findTeacher.filters.saved')}
            </ToggleChip>
          )}
        </div>
        {filtersOpen && (
          <div className="mt-4">
            <Filters id={filtersId} search={search} onChange={update} tz={tz} />
          </div>
        )}
      </section>

      {banner}

      {deepLink.status === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" />
          {t('findTeacher.deepLink.loading')}
        </p>
      )}
      {deepLink.status === 'notFound' && (
        <Alert tone="error">
          {t('findTeacher.deepLink.notFound', { id: mainSiteId })}{' '}
          <Link to={paths.student.findTeacher.path} className="font-medium underline">
            {t('findTeacher.deepLink.showAll')}
          </Link>
        </Alert>
      )}
      {deepLink.status === 'error' && (
        <ErrorBanner onRetry={deepLink.retry}>{errorText(deepLink.error, t, 'findTeacher.deepLink.error')}</ErrorBanner>
      )}
      {deepLink.notice && featured && (
        <Alert tone="success">{t('findTeacher.deepLink.found', { name: featured.name || featured.username })}</Alert>
      )}
      {featured && (
        <section aria-labelledby="featured-teacher-title" className="space-y-3">
          <h2 id="featured-teacher-title" className="text-lg font-semibold">
            {t('findTeacher.deepLink.title')}
          </h2>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <TeacherCard ref={featuredRef} teacher={featured} tz={tz} onBook={onBook} onReviews={onReviews} fromMainSite />
          </div>
        </section>
      )}

      <section aria-labelledby="teacher-results-title" aria-busy={list.isFetching || undefined} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="teacher-results-title" className="text-lg font-semibold">
            {t('findTeacher.resultsTitle')}
          </h2>
          {data && (
            <p role="status" className="text-sm text-muted">
              {t(data.count_exact ? 'findTeacher.count' : 'findTeacher.countMore', { n: formatNumber(data.count, lang) })}
            </p>
          )}
        </div>

        {!data && !list.isError && (
          <div className="flex justify-center py-12 text-primary">
            <Spinner className="size-8 border-4" label={t('common.loading')} />
          </div>
        )}
        {list.isError && !data && (
          <ErrorBanner onRetry={() => void list.refetch()}>{errorText(list.error, t, 'findTeacher.loadError')}</ErrorBanner>
        )}
        {data && data.count === 0 && (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-4 py-12 text-center">
            {search.saved ? (
              <Heart className="size-10 text-muted" aria-hidden />
            ) : filtered ? (
              <SearchX className="size-10 text-muted" aria-hidden />
            ) : (
              <Users className="size-10 text-muted" aria-hidden />
            )}
            <p className="font-medium">
              {search.saved && search.q === '' && search.language === '' && filters === 0
                ? t('findTeacher.savedEmptyTitle')
                : filtered
                  ? t('findTeacher.emptyTitle')
                  : t('findTeacher.noTeachers')}
            </p>
            {filtered && (
              <>
                <p className="text-sm text-muted">{search.saved ? t('findTeacher.savedEmptyBody') : t('findTeacher.emptyBody')}</p>
                <Button variant="secondary" onClick={() => update({ q: '', language: '', saved: false, ...NO_FILTERS })}>
                  {t('findTeacher.clear')}
                </Button>
              </>
            )}
          </div>
        )}
        {data && data.count > 0 && data.results.length === 0 && (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p>{t('findTeacher.pageEmpty')}</p>
            <Button variant="secondary" onClick={() => update({})}>
              {t('findTeacher.firstPage')}
            </Button>
          </div>
        )}
        {results.length > 0 && (
          <ul className={cn('grid gap-4 transition-opacity md:grid-cols-2 xl:grid-cols-3', list.isPlaceholderData && 'opacity-60')}>
            {results.map((teacher) => (
              <li key={teacher.id} className="flex">
                <TeacherCard teacher={teacher} tz={tz} onBook={onBook} onReviews={onReviews} />
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Pagination page={search.page} pages={pages} more={!data.count_exact} onPage={(page) => update({ page })} />
        )}
        {list.isError && data && (
          <ErrorBanner onRetry={() => void list.refetch()}>{errorText(list.error, t, 'findTeacher.loadError')}</ErrorBanner>
        )}
      </section>
    </div>
  );
}
