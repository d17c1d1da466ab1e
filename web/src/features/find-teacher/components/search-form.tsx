import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/lib/i18n/use-lang';
import { languageName } from '@/lib/languages';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LANGUAGE_FILTERS, SORTS, type LanguageFilter, type Sort, type TeacherSearch } from '../search-params';

const selectClass =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg focus:border-ring focus:outline-none focus-visible:outline-2';

type SearchFormProps = {
  search: TeacherSearch;
  onChange: (next: Partial<TeacherSearch>) => void;
};

/** SearchForm is the hero's search by name or bio (sent on Enter or the
 * button), the language filter and the sort (applied at once). */
export function SearchForm({ search, onChange }: SearchFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const qId = useId();
  const langId = useId();
  const sortId = useId();
  // The box holds what is typed until it is sent; a new q from the URL (back,
  // forward, clear) replaces it. The form is not remounted for that, so the
  // focus stays in the box after Enter.
  const [q, setQ] = useState(search.q);
  const [urlQ, setUrlQ] = useState(search.q);
  if (search.q !== urlQ) {
    setUrlQ(search.q);
    setQ(search.q);
  }
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ q });
      }}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <label htmlFor={qId} className="block text-sm font-medium">
          {t('findTeacher.searchLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id={qId}
            name="q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('findTeacher.searchPlaceholder')}
            className="block w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg placeholder:text-muted/80 focus:border-ring focus:outline-none focus-visible:outline-2"
          />
          <Button type="submit" className="shrink-0">
            <Search className="size-4" aria-hidden />
            {t('findTeacher.search')}
          </Button>
        </div>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={langId} className="block text-sm font-medium">
          {t('findTeacher.language')}
        </label>
        <select
          id={langId}
          value={search.language}
          onChange={(e) => onChange({ language: e.target.value as LanguageFilter | '' })}
          className={selectClass}
        >
          <option value="">{t('findTeacher.allLanguages')}</option>
          {LANGUAGE_FILTERS.map((l) => (
            <option key={l} value={l}>
              {languageName(l.charAt(0).toUpperCase() + l.slice(1), lang)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={sortId} className="block text-sm font-medium">
          {t('findTeacher.sortBy')}
        </label>
        <select id={sortId} value={search.sort} onChange={(e) => onChange({ sort: e.target.value as Sort })} className={selectClass}>
          {SORTS.filter((s) => s !== 'relevance' || search.q !== '').map((s) => (
            <option key={s} value={s}>
              {t(`findTeacher.sorts.${s}`)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
