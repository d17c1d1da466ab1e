import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, CalendarDays, Heart, MessageSquareText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatClock, formatDayMonth, formatMoney, formatNumber, formatWeekday } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { languageName } from '@/lib/languages';
import { RatingSummary } from '@/components/rating';
import type { Teacher } from '@/lib/api/teachers';
import { useSaveTeacher } from '../api/save-teacher';
import { TeacherAvatar } from './teacher-avatar';

/** Languages and slots a card lists before '+N more' (spec section 2). */
export const SHOWN_LANGUAGES = 2;
export const SHOWN_SLOTS = 2;

type TeacherCardProps = {
  teacher: Teacher;
  tz: string;
  onBook: (teacher: Teacher) => void;
  /** Opens the teacher's reviews. */
  onReviews: (teacher: Teacher) => void;
  /** The teacher a main-site link named: highlighted with a badge. */
  fromMainSite?: boolean;
  ref?: Ref<HTMLElement>;
};

/** TeacherCard shows what a student weighs before booking: photo, name, rating,
 * sessions, bio, languages, prices, the next free times, and available or busy. */
export function TeacherCard({ teacher, tz, onBook, onReviews, fromMainSite = false, ref }: TeacherCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const nameId = useId();
  const name = teacher.name || teacher.username;
  const languages = teacher.languages;
  const slots = (teacher.next_slots ?? []).slice(0, SHOWN_SLOTS);
  const moreSlots = Math.max(0, (teacher.free_slots ?? 0) - slots.length);
  const available = teacher.available ?? (teacher.free_slots ?? 0) > 0;

  return (
    <article
      ref={ref}
      aria-labelledby={nameId}
      data-teacher-id={teacher.id}
      className={cn(
        'flex w-full scroll-mt-24 flex-col gap-4 rounded-2xl border bg-surface p-4 shadow-sm sm:p-5',
        fromMainSite ? 'border-primary ring-2 ring-primary/60' : 'border-line',
      )}
    >
      <header className="flex items-start gap-3">
        <TeacherAvatar src={teacher.profile_photo_url ?? teacher.photo} name={name} className="size-16" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={nameId} dir="auto" className="break-words text-lg font-bold">
              {name}
            </h3>
            {fromMainSite && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-on-primary">
                <BadgeCheck className="size-3.5" aria-hidden />
                {t('findTeacher.card.fromMainSite')}
              </span>
            )}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <RatingSummary rating={teacher.rating} count={teacher.reviews_count} />
            {teacher.reviews_count > 0 && (
              <button
                type="button"
                onClick={() => onReviews(teacher)}
                aria-label={t('reviews.showFor', { name })}
                className="inline-flex min-h-6 items-center gap-1 text-link underline-offset-2 hover:underline"
              >
                <MessageSquareText className="size-4" aria-hidden />
                {t('reviews.show')}
              </button>
            )}
            <span>
              {t('findTeacher.card.sessions')}: {formatNumber(teacher.total_sessions, lang)}
            </span>
            {teacher.experience_years > 0 && (
              <span>
                {t('findTeacher.card.experience')}: {formatNumber(teacher.experience_years, lang)}
              </span>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span
            className={cn(
              'rounded-full px-2.5 py-1 text-xs font-medium',
              available ? 'bg-success-bg text-success' : 'bg-surface-2 text-muted',
            )}
          >
            {available ? t('findTeacher.card.available') : t('findTeacher.card.busy')}
          </span>
          {teacher.saved !== undefined && <SaveButton id={teacher.id} saved={teacher.saved} />}
        </div>
      </header>

      {teacher.bio && <p dir="auto" className="line-clamp-3 text-start text-sm leading-6 text-fg/90">
          {teacher.bio}
        </p>}

      {languages.length > 0 && (
        <div>
          <ul className="flex flex-wrap gap-1.5" aria-label={t('findTeacher.card.languages')}>
            {languages.slice(0, SHOWN_LANGUAGES).map((l) => (
              <li key={l} className="rounded-full bg-surface-2 px-2.5 py-1 text-xs font-medium">
                {languageName(l, lang)}
              </li>
            ))}
            {languages.length > SHOWN_LANGUAGES && (
              <li className="rounded-full px-2 py-1 text-xs text-muted">
                {t('findTeacher.card.more', { n: formatNumber(languages.length - SHOWN_LANGUAGES, lang) })}
              </li>
            )}
          </ul>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-xl bg-surface-2 px-3 py-2">
          <dt className="text-xs text-muted">{t('findTeacher.card.pricePerHour')}</dt>
          <dd className="mt-0.5 font-semibold">{formatMoney(teacher.price_per_hour, lang)}</dd>
        </div>
        <div className="rounded-xl bg-surface-2 px-3 py-2">
          <dt className="text-xs text-muted">{t('findTeacher.card.trialPrice')}</dt>
          <dd className="mt-0.5 font-semibold">
            {teacher.test_session_price > 0 ? formatMoney(teacher.test_session_price, lang) : t('findTeacher.card.notOffered')}
          </dd>
        </div>
      </dl>

      <div className="text-sm">
        <p className="flex items-center gap-1.5 text-xs font-medium text-muted">
          <CalendarDays className="size-4" aria-hidden />
          {t('findTeacher.card.nextSlots')}
        </p>
        {slots.length === 0 ? (
          <p className="mt-1.5 text-muted">{t('findTeacher.card.noSlots')}</p>
        ) : (
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {slots.map((s) => (
              <li key={s.id} className="rounded-lg border border-line px-2 py-1 text-xs">
                {formatWeekday(new Date(`${s.date}T00:00:00Z`).getUTCDay(), lang, 'short')} {formatDayMonth(s.date, lang)} ·{' '}
                {formatClock(s.start, lang, tz)}
              </li>
            ))}
            {moreSlots > 0 && (
              <li className="px-1 py-1 text-xs text-muted">{t('findTeacher.card.more', { n: formatNumber(moreSlots, lang) })}</li>
            )}
          </ul>
        )}
      </div>

      <Button className="mt-auto w-full" onClick={() => onBook(teacher)} aria-label={t('findTeacher.card.bookWith', { name })}>
        {t('findTeacher.card.book')}
      </Button>
    </article>
  );
}

/** SaveButton is the heart of a student's card: its name says whether the
 * teacher is saved ("Save", "Saved"); a press shows at once and goes back,
 * with a notice, if the server refuses. */
function SaveButton({ id, saved }: { id: number; saved: boolean }) {
  const { t } = useTranslation();
  const save = useSaveTeacher();
  const label = saved ? t('findTeacher.card.saved') : t('findTeacher.card.save');
  return (
    <>
      <button
        type="button"
        onClick={() => save.mutate({ id, saved: !saved })}
        aria-label={label}
        title={label}
        className={cn(
          'inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring',
          saved ? 'text-danger' : 'text-muted',
        )}
      >
        <Heart className={cn('size-6', saved && 'fill-current')} aria-hidden />
      </button>
      {save.isError && (
        <p role="alert" className="max-w-40 text-end text-xs text-danger">
          {t('findTeacher.card.saveError')}
        </p>
      )}
    </>
  );
}
