import { useId, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BookOpenCheck, CalendarCheck, Search, UserCheck, UserRound, Users } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { useFlash } from '@/lib/use-flash';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime, formatDigits, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useViewerTimeZone } from '@/lib/time-zone';
import { LANGUAGES, languageName } from '@/lib/languages';
import { studentsQuery, type TeacherStudent } from '@/lib/api/students';
import { EmptyState } from '@/components/ui/empty-state';
import { useUpdateStudentLevel, type StudentLevel } from '../api/update-student-level';
import { FILTER_LEVELS, SET_LEVELS, filterStudents, levelCode, summarize, type LevelFilter } from '../filter';
import { levelNameKey, levelNames } from '../levels';

const select =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg transition-colors focus:border-ring focus:outline-none focus-visible:outline-2';

// SummaryTile is one figure of the summary <dl>: its <dt> and <dd> sit
// directly in the group's <div>, as a description list requires.
function SummaryTile({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <dt className="flex items-start gap-2 text-sm text-muted">
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-info-bg text-link" aria-hidden>
          {icon}
        </span>
        <span className="min-w-0 self-center">{label}</span>
      </dt>
      <dd className="mt-2 text-2xl font-bold">{value}</dd>
    </div>
  );
}

function StudentAvatar({ s }: { s: TeacherStudent }) {
  const [failed, setFailed] = useState(false);
  const letter = Array.from(s.name.trim())[0]?.toLocaleUpperCase();
  if (s.profile_photo_url && !failed) {
    return <img src={s.profile_photo_url} alt="" className="size-12 shrink-0 rounded-full object-cover" onError={() => setFailed(true)} />;
  }
  return (
    <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-on-primary" aria-hidden>
      {letter ?? <UserRound className="size-6" />}
    </span>
  );
}

function LevelEditor({ s, onDone }: { s: TeacherStudent; onDone: (detail: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const update = useUpdateStudentLevel();
  const code = levelCode(s.level);
  const [level, setLevel] = useState<StudentLevel>((SET_LEVELS as readonly string[]).includes(code) ? (code as StudentLevel) : 'A1');
  const [language, setLanguage] = useState('');
  const levelId = useId();
  const langId = useId();
  return (
    <form
      className="mt-3 space-y-3 rounded-xl bg-surface-2 p-3"
      aria-label={t('students.changeLevelOf', { name: s.name })}
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ student_id: s.id, level, language }, { onSuccess: (r) => onDone(r.detail) });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={levelId} className="block text-sm font-medium">
            {t('students.newLevel')}
          </label>
          <select id={levelId} value={level} onChange={(e) => setLevel(e.target.value as StudentLevel)} className={select}>
            {SET_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l} · {t(levelNames[l])}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={langId} className="block text-sm font-medium">
            {t('students.language')}
          </label>
          <select id={langId} value={language} onChange={(e) => setLanguage(e.target.value)} className={select}>
            <option value="">{t('students.overallOnly')}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {languageName(l, lang)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {update.isError && <Alert tone="error">{errorText(update.error, t, 'students.levelFailed')}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={update.isPending}>
          {t('students.saveLevel')}
        </Button>
        <Button variant="secondary" onClick={() => onDone('')}>
          {t('students.cancel')}
        </Button>
      </div>
    </form>
  );
}

function StudentCard({ s }: { s: TeacherStudent }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tz = useViewerTimeZone();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useFlash();
  const titleId = `student-${s.id}-name`;
  const code = levelCode(s.level);
  const nameKey = levelNameKey(code);
  return (
    <li>
      <article aria-labelledby={titleId} className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm">
        <div className="flex items-start gap-3">
          <StudentAvatar s={s} />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="truncate text-base font-semibold">
              {s.name}
            </h2>
            <p dir="ltr" className="truncate text-start text-xs text-muted">
              @{s.user.username}
            </p>
          </div>
          <span
            className={cn(
              'shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold',
              s.status === 'active' ? 'bg-success-bg text-success' : 'bg-surface-2 text-muted',
            )}
          >
            {s.status === 'active' ? t('students.status.active') : t('students.status.completed')}
          </span>
        </div>

        <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-3 text-sm">
          <div className="col-span-2 flex flex-wrap gap-x-4 gap-y-1">
            <dt className="sr-only">{t('students.contact')}</dt>
            {s.user.email && (
              <dd dir="ltr" className="truncate text-muted">
                {s.user.email}
              </dd>
            )}
            {s.user.phone && (
              <dd dir="ltr" className="text-muted">
                {formatDigits(s.user.phone, lang)}
              </dd>
            )}
          </div>
          <div>
            <dt className="text-xs text-muted">{t('students.level')}</dt>
            <dd className="mt-0.5 font-semibold">
              {s.level ? (
                <>
                  <span dir="ltr">{code}</span>
                  {nameKey && <span className="ms-1 text-xs font-normal text-muted">{t(nameKey)}</span>}
                </>
              ) : (
                <span className="font-normal text-muted">{t('students.noLevel')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('students.paid')}</dt>
            <dd className="mt-0.5 font-semibold">{formatMoney(s.paid, lang)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('students.joined')}</dt>
            <dd className="mt-0.5">{formatDate(s.join_date, lang, tz)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('students.classes')}</dt>
            <dd className="mt-0.5">
              {t('students.classesOf', { done: formatNumber(s.completed_classes, lang), total: formatNumber(s.total_classes, lang) })}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-muted">{t('students.nextClass')}</dt>
            <dd className="mt-0.5">{s.next_class ? formatDateTime(s.next_class, lang, tz) : t('students.noNextClass')}</dd>
          </div>
        </dl>

        <div className="mt-4">
          <div className="flex items-center justify-between text-xs">
            <span className="text-muted">{t('students.progress')}</span>
            <span className="font-semibold">{formatPercent(s.progress, lang)}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('students.progressOf', { name: s.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={s.progress}
            aria-valuetext={formatPercent(s.progress, lang)}
            className="mt-1 h-2 overflow-hidden rounded-full bg-line"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${s.progress}%` }} />
          </div>
        </div>

        {notice && (
          <Alert tone="success" className="mt-3">
            {notice}
          </Alert>
        )}
        {editing ? (
          <LevelEditor
            s={s}
            onDone={(detail) => {
              setEditing(false);
              setNotice(detail);
            }}
          />
        ) : (
          <div className="mt-auto pt-4">
            <Button variant="secondary" className="w-full" onClick={() => setEditing(true)} aria-label={t('students.changeLevelOf', { name: s.name })}>
              {t('students.changeLevel')}
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

/** TeacherStudents is the teacher's Students screen: the students who booked
 * them, with summary counts, search, a level filter, real figures per
 * student and a way to set a student's level. */
export function TeacherStudents() {
  const { t } = useTranslation();
  const lang = useLang();
  const students = useQuery(studentsQuery());
  const [query, setQuery] = useState('');
  const [level, setLevel] = useState<LevelFilter>('all');
  const levelId = useId();
  const list = useMemo(() => students.data ?? [], [students.data]);
  const shown = useMemo(() => filterStudents(list, query, level), [list, query, level]);
  const sum = summarize(list);

  if (students.isPending) {
    return (
      <div className="flex min-h-60 items-center justify-center text-primary">
        <Spinner className="size-10" label={t('common.loading')} />
      </div>
    );
  }
  if (students.isError) {
    return <ErrorBanner onRetry={() => void students.refetch()}>{errorText(students.error, t, 'students.loadFailed')}</ErrorBanner>;
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="students-summary-title">
        <h2 id="students-summary-title" className="sr-only">
          {t('students.summary')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <SummaryTile icon={<Users className="size-5" />} label={t('students.total')} value={formatNumber(sum.students, lang)} />
          <SummaryTile icon={<UserCheck className="size-5" />} label={t('students.activeCount')} value={formatNumber(sum.active, lang)} />
          <SummaryTile icon={<CalendarCheck className="size-5" />} label={t('students.classesTotal')} value={formatNumber(sum.classes, lang)} />
          <SummaryTile icon={<BookOpenCheck className="size-5" />} label={t('students.classesDone')} value={formatNumber(sum.completed, lang)} />
        </dl>
      </section>

      {list.length === 0 ? (
        <EmptyState icon={Users} title={t('students.empty')} hint={t('students.emptyHint')} />
      ) : (
        <section aria-labelledby="students-list-title" className="space-y-4">
          <h2 id="students-list-title" className="sr-only">
            {t('students.listTitle')}
          </h2>
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
            <TextField
              type="search"
              label={t('students.search')}
              placeholder={t('students.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              end={<Search className="me-2 size-5 text-muted" aria-hidden />}
            />
            <div className="space-y-1.5">
              <label htmlFor={levelId} className="block text-sm font-medium">
                {t('students.levelFilter')}
              </label>
              <select id={levelId} value={level} onChange={(e) => setLevel(e.target.value as LevelFilter)} className={select}>
                <option value="all">{t('students.allLevels')}</option>
                {FILTER_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {l} · {t(levelNames[l])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p role="status" className="text-sm text-muted">
            {t('students.shown', { count: list.length, shown: formatNumber(shown.length, lang), total: formatNumber(list.length, lang) })}
          </p>
          {shown.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line bg-surface p-8 text-center text-muted">{t('students.noMatches')}</p>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {shown.map((s) => (
                <StudentCard key={s.id} s={s} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
