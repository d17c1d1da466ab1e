import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpenCheck, CalendarDays, Clock, GraduationCap, PenLine } from 'lucide-react';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api/error-text';
import { formatNumber, formatPercent } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { useProgress, type StudentProgress } from '../api/get-progress';
import { isLevelCode, levelNameKey } from '../levels';
import { WeeklyChart } from './weekly-chart';

function Card({ id, title, children, busy }: { id: string; title: string; children: ReactNode; busy?: boolean }) {
  return (
    <section aria-labelledby={id} aria-busy={busy || undefined} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

// Stat is one figure of a <dl>: its <dt> and <dd> sit directly in the group's
// <div>, as a description list requires.
function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-surface-2 px-3 py-3">
      <dt className="flex items-center gap-1.5 text-xs text-muted">
        <span className="inline-flex shrink-0 text-primary dark:text-link" aria-hidden>
          {icon}
        </span>
        <span className="truncate">{label}</span>
      </dt>
      <dd className="mt-1 text-lg font-bold leading-tight">{value}</dd>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-32 items-center justify-center text-primary">
      <Spinner className="size-8" label={t('common.loading')} />
    </div>
  );
}

function LevelLine({ p }: { p: StudentProgress }) {
  const { t } = useTranslation();
  const key = levelNameKey(p.currentLevel);
  if (!p.currentLevel) {
    return (
      <div>
        <p className="text-xl font-bold">{t('progress.noLevelYet')}</p>
        <p className="mt-1 text-sm text-muted">{t('progress.noLevelHint')}</p>
      </div>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-2 text-xl font-bold">
      {key ? t(key) : p.currentLevel}
      {isLevelCode(p.currentLevelCode) && (
        <span dir="ltr" className="rounded-md bg-primary px-2 py-0.5 text-sm font-semibold text-on-primary">
          {p.currentLevelCode.toUpperCase()}
        </span>
      )}
    </p>
  );
}

/** ProgressChartCard is the dashboard's progress card: level, percent of
 * booked classes done, lessons, hours and a chart of classes per week, all
 * from the student's own classes. Exercises and exams have no source: zero. */
export function ProgressChartCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const progress = useProgress();
  const p = progress.data;
  return (
    <Card id="dashboard-progress-title" title={t('progress.chart.cardTitle')} busy={progress.isPending}>
      {progress.isPending ? (
        <Loading />
      ) : progress.isError ? (
        <ErrorBanner className="mt-4" onRetry={() => void progress.refetch()}>
          {errorText(progress.error, t, 'progress.loadFailed')}
        </ErrorBanner>
      ) : (
        p && (
          <div className="mt-4 grid gap-5 md:grid-cols-2">
            <div className="space-y-4">
              <div>
                <p className="text-sm text-muted">{t('progress.currentLevel')}</p>
                <LevelLine p={p} />
              </div>
              <div>
                <div className="flex items-center justify-between text-sm">
                  <span className="text-muted">{t('progress.progress')}</span>
                  <span className="font-semibold">{formatPercent(p.progress, lang)}</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={t('progress.progress')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={p.progress}
                  aria-valuetext={formatPercent(p.progress, lang)}
                  className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-line"
                >
                  <div className="h-full rounded-full bg-primary" style={{ width: `${p.progress}%` }} />
                </div>
                <p className="mt-1 text-xs text-muted">{t('progress.progressHint')}</p>
              </div>
              <dl className="grid grid-cols-2 gap-2">
                <Stat icon={<BookOpenCheck className="size-4" />} label={t('progress.lessons')} value={formatNumber(p.lessons, lang)} />
                <Stat
                  icon={<Clock className="size-4" />}
                  label={t('progress.totalHours')}
                  value={formatNumber(p.totalMinutes / 60, lang, { maximumFractionDigits: 1 })}
                />
                <Stat icon={<PenLine className="size-4" />} label={t('progress.exercises')} value={formatNumber(p.exercises, lang)} />
                <Stat icon={<GraduationCap className="size-4" />} label={t('progress.exams')} value={formatNumber(p.exams, lang)} />
              </dl>
            </div>
            <div>
              <p className="mb-2 text-sm font-medium">{t('progress.chart.title')}</p>
              <WeeklyChart weeks={p.weekly} />
            </div>
          </div>
        )
      )}
    </Card>
  );
}

/** LearningStatsCard is the dashboard's learning stats: classes this week and
 * upcoming from the student's classes; exams passed has no source yet, so zero. */
export function LearningStatsCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const progress = useProgress();
  const p = progress.data;
  return (
    <Card id="dashboard-stats-title" title={t('progress.stats.title')} busy={progress.isPending}>
      {progress.isPending ? (
        <Loading />
      ) : progress.isError ? (
        <ErrorBanner className="mt-4" onRetry={() => void progress.refetch()}>
          {errorText(progress.error, t, 'progress.loadFailed')}
        </ErrorBanner>
      ) : (
        p && (
          <dl className="mt-4 grid gap-2">
            <Stat icon={<CalendarDays className="size-4" />} label={t('progress.stats.classesThisWeek')} value={formatNumber(p.classesThisWeek, lang)} />
            <Stat icon={<Clock className="size-4" />} label={t('progress.stats.upcoming')} value={formatNumber(p.upcoming, lang)} />
            <Stat icon={<GraduationCap className="size-4" />} label={t('progress.stats.examsThisMonth')} value={formatNumber(p.exams, lang)} />
          </dl>
        )
      )}
    </Card>
  );
}
