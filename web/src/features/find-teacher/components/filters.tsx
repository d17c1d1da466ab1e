import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ToggleChip } from '@/components/ui/toggle-chip';
import { formatDigits, formatNumber, formatWeekday, localizeDigits } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import {
  DAYS,
  NO_FILTERS,
  RATINGS,
  SOON_DAYS,
  TIME_HOURS,
  TIMES,
  filterCount,
  parsePrice,
  type Day,
  type RatingMin,
  type SearchChange,
  type TeacherSearch,
} from '../search-params';

const inputClass =
  'block w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-base text-fg placeholder:text-muted/80 focus:border-ring focus:outline-none focus-visible:outline-2';

/** The days of the week as Date counts them (0 Sunday), by the server's names. */
const DAY_INDEX: Record<Day, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

type FiltersProps = {
  id: string;
  search: TeacherSearch;
  onChange: (next: SearchChange) => void;
  /** The viewer's time zone, which the days and times of day mean. */
  tz: string;
};

/** Filters is the find-teacher filter panel: price range, days of the week
 * and parts of the day with a free time, a free time soon, a trial class and
 * a minimum rating. Each choice goes into the URL at once; the prices when
 * they are applied. */
export function Filters({ id, search, onChange, tz }: FiltersProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const toggle = <T extends string>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((x) => x !== value));
  // A Persian week starts on Saturday, an English one on Sunday.
  const days: readonly Day[] = lang === 'fa' ? DAYS : [...DAYS.slice(1), DAYS[0]];
  const ratingId = useId();
  return (
    <div id={id} className="space-y-5 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <PriceRange search={search} onChange={onChange} />

      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('findTeacher.filters.days')}</legend>
        <div className="flex flex-wrap gap-2">
          {days.map((d) => (
            <ToggleChip key={d} pressed={search.days.includes(d)} onPressedChange={(on) => onChange((s) => ({ days: toggle(s.days, d, on) }))}>
              {formatWeekday(DAY_INDEX[d], lang, 'short')}
            </ToggleChip>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('findTeacher.filters.times')}</legend>
        <div className="flex flex-wrap gap-2">
          {TIMES.map((x) => (
            <ToggleChip key={x} pressed={search.times.includes(x)} onPressedChange={(on) => onChange((s) => ({ times: toggle(s.times, x, on) }))}>
              {t(`findTeacher.filters.time.${x}`)}
              <span className="text-xs opacity-80">
                {t('findTeacher.filters.hours', { from: formatNumber(TIME_HOURS[x][0], lang), to: formatNumber(TIME_HOURS[x][1], lang) })}
              </span>
            </ToggleChip>
          ))}
        </div>
        <p className="mt-2 text-xs text-muted">{t('findTeacher.filters.inTimeZone', { tz })}</p>
      </fieldset>

      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('findTeacher.filters.more')}</legend>
          <div className="flex flex-wrap gap-2">
            <ToggleChip pressed={search.within !== null} onPressedChange={(on) => onChange({ within: on ? SOON_DAYS : null })}>
              {t('findTeacher.filters.within', { n: formatNumber(SOON_DAYS, lang) })}
            </ToggleChip>
            <ToggleChip pressed={search.trial} onPressedChange={(trial) => onChange({ trial })}>
              {t('findTeacher.filters.trial')}
            </ToggleChip>
          </div>
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor={ratingId} className="block text-sm font-medium">
            {t('findTeacher.filters.rating')}
          </label>
          <select
            id={ratingId}
            value={search.ratingMin ?? ''}
            onChange={(e) => onChange({ ratingMin: e.target.value === '' ? null : (Number(e.target.value) as RatingMin) })}
            className={inputClass}
          >
            <option value="">{t('findTeacher.filters.anyRating')}</option>
            {RATINGS.map((r) => (
              <option key={r} value={r}>
                {t('findTeacher.filters.ratingAtLeast', { n: formatNumber(r, lang) })}
              </option>
            ))}
          </select>
        </div>
      </div>

      {filterCount(search) > 0 && (
        <Button variant="secondary" onClick={() => onChange(NO_FILTERS)}>
          {t('findTeacher.filters.clear')}
        </Button>
      )}
    </div>
  );
}

/** PriceRange is the lowest and highest price, applied together by the
 * button or Enter, once they make a range. */
function PriceRange({ search, onChange }: Pick<FiltersProps, 'search' | 'onChange'>) {
  const { t } = useTranslation();
  const lang = useLang();
  const minId = useId();
  const maxId = useId();
  const errorId = useId();
  const shown = (n: number | null) => (n === null ? '' : formatDigits(String(n), lang));
  // The boxes hold what is typed until it is applied; new prices from the URL replace it.
  const fromUrl = `${search.priceMin}|${search.priceMax}`;
  const [urlPrices, setUrlPrices] = useState(fromUrl);
  const [min, setMin] = useState(shown(search.priceMin));
  const [max, setMax] = useState(shown(search.priceMax));
  const [error, setError] = useState('');
  if (fromUrl !== urlPrices) {
    setUrlPrices(fromUrl);
    setMin(shown(search.priceMin));
    setMax(shown(search.priceMax));
    setError('');
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const priceMin = parsePrice(min);
        const priceMax = parsePrice(max);
        if (priceMin === undefined || priceMax === undefined) setError(t('findTeacher.filters.priceInvalid'));
        else if (priceMin !== null && priceMax !== null && priceMin > priceMax) setError(t('findTeacher.filters.priceOrder'));
        else {
          setError('');
          onChange({ priceMin, priceMax });
        }
      }}
    >
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('findTeacher.filters.price')}</legend>
        <div className="flex flex-wrap items-end gap-2">
          <div className="w-36 space-y-1">
            <label htmlFor={minId} className="block text-xs text-muted">
              {t('findTeacher.filters.priceMin')}
            </label>
            <input id={minId} value={localizeDigits(min, lang)} onChange={(e) => setMin(e.target.value)} inputMode="numeric" dir="ltr" autoComplete="off" className={inputClass} />
          </div>
          <div className="w-36 space-y-1">
            <label htmlFor={maxId} className="block text-xs text-muted">
              {t('findTeacher.filters.priceMax')}
            </label>
            <input id={maxId} value={localizeDigits(max, lang)} onChange={(e) => setMax(e.target.value)} inputMode="numeric" dir="ltr" autoComplete="off" className={inputClass} />
          </div>
          <Button type="submit" variant="secondary">
            {t('findTeacher.filters.applyPrice')}
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </fieldset>
    </form>
  );
}
