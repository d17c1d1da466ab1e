import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ArrowRight, Sparkles } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { DatePicker } from '@/components/date-picker';
import { NumberField } from '@/components/ui/number-field';
import { errorText } from '@/lib/api/error-text';
import { useAuth } from '@/lib/auth/auth-provider';
import { cn } from '@/lib/cn';
import { formatDigits, formatNumber, formatWeekday } from '@/lib/format';
import type { TKey } from '@/lib/i18n/keys';
import { useLang } from '@/lib/i18n/use-lang';
import { useBuildSlots, type BatchResult } from '../api/create-slots';
import {
  BUILDER_DURATIONS,
  MAX_BREAK,
  MAX_WEEKS,
  MIN_WEEKS,
  STEPS,
  WEEK_PRESETS,
  defaultValues,
  parseBreak,
  parseWeeks,
  previewCount,
  previewPerDay,
  slotsPerDay,
  toPlan,
  validateStep,
  type BuilderValues,
} from '../builder';
import { orderedWeekdays, weekStartDay } from '../calendar';

type SmartBuilderProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Today in the viewer's zone (YYYY-MM-DD). */
  today: string;
  tz: string;
  onCreated: (result: BatchResult) => void;
};

const stepTitles: Record<(typeof STEPS)[number], TKey> = {
  weeks: 'availability.builder.steps.weeks',
  days: 'availability.builder.steps.days',
  times: 'availability.builder.steps.times',
  start: 'availability.builder.steps.start',
};

/** SmartBuilder is the 4-step bulk modal: weeks to repeat, days of the week,
 * a time range cut into slots, and a start date with the live count of slots.
 * The whole plan goes to the server in one request. */
export function SmartBuilder({ open, onOpenChange, today, tz, onCreated }: SmartBuilderProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useAuth();
  const [values, setValues] = useState<BuilderValues>(() => defaultValues(today));
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const build = useBuildSlots();
  const current = STEPS[step]!;

  const set = <K extends keyof BuilderValues>(key: K, value: BuilderValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setError(null);
  };

  const close = (o: boolean) => {
    if (build.isPending) return;
    onOpenChange(o);
    if (!o) {
      setError(null);
      setStep(0);
    }
  };

  const next = () => {
    const problem = validateStep(current, values, today);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    setStep((s) => Math.min(STEPS.length - 1, s + 1));
  };

  const create = () => {
    // Every step is checked again: the last one names what is missing.
    for (const s of STEPS) {
      const problem = validateStep(s, values, today);
      if (problem) {
        setError(t(problem));
        return;
      }
    }
    if (!user) {
      setError(t('errors.userNotAvailable'));
      return;
    }
    if (!user.id) {
      setError(t('errors.userIdNotFound'));
      return;
    }
    setError(null);
    build.mutate(
      { plan: toPlan(values), tz },
      {
        onSuccess: (result) => {
          onCreated(result);
          setValues(defaultValues(today));
          setStep(0);
          onOpenChange(false);
        },
        onError: (err) => setError(errorText(err, t, 'availability.errors.create')),
      },
    );
  };

  const last = step === STEPS.length - 1;
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('availability.builder.title')}
      description={t('availability.builder.subtitle')}
      closeLabel={t('availability.close')}
      footer={
        <>
          {step > 0 && (
            <Button variant="secondary" onClick={() => { setError(null); setStep((s) => s - 1); }} disabled={build.isPending}>
              <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
              {t('availability.builder.back')}
            </Button>
          )}
          {last ? (
            <Button onClick={create} loading={build.isPending}>
              <Sparkles className="size-4" aria-hidden />
              {t('availability.builder.create')}
            </Button>
          ) : (
            <Button onClick={next}>
              {t('availability.builder.next')}
              <ArrowLeft className="size-4 ltr:-scale-x-100" aria-hidden />
            </Button>
          )}
        </>
      }
    >
      <ol className="mb-4 grid grid-cols-4 gap-1" aria-label={t('availability.builder.progress')}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? 'step' : undefined}
            className={cn(
              'rounded-lg px-1 py-1.5 text-center text-xs font-medium',
              i === step ? 'bg-primary text-on-primary' : i < step ? 'bg-success-bg text-success' : 'bg-surface-2 text-muted',
            )}
          >
            <span className="block">{formatNumber(i + 1, lang)}</span>
            <span className="block truncate">{t(stepTitles[s])}</span>
          </li>
        ))}
      </ol>
      <h3 className="mb-3 font-semibold">
        {t('availability.builder.stepOf', { n: formatNumber(step + 1, lang), total: formatNumber(STEPS.length, lang) })}
        {' — '}
        {t(stepTitles[current])}
      </h3>

      {current === 'weeks' && <WeeksStep values={values} set={set} />}
      {current === 'days' && <DaysStep values={values} set={set} />}
      {current === 'times' && <TimesStep values={values} set={set} />}
      {current === 'start' && <StartStep values={values} set={set} today={today} />}

      {error && (
        <div className="mt-4" aria-live="assertive">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </Modal>
  );
}

type StepProps = {
  values: BuilderValues;
  set: <K extends keyof BuilderValues>(key: K, value: BuilderValues[K]) => void;
};

function WeeksStep({ values, set }: StepProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const weeks = parseWeeks(values.weeks);
  return (
    <div className="space-y-4">
      <NumberField
        label={t('availability.builder.weeks')}
        value={values.weeks}
        onChange={(e) => set('weeks', e.target.value)}
        onBlur={() => set('weeks', String(parseWeeks(values.weeks)))}
        hint={t('availability.builder.weeksHint', { min: formatNumber(MIN_WEEKS, lang), max: formatNumber(MAX_WEEKS, lang) })}
      />
      <div role="group" aria-label={t('availability.builder.presets')} className="flex flex-wrap gap-2">
        {WEEK_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={weeks === p}
            onClick={() => set('weeks', String(p))}
            className={cn(
              'min-h-9 rounded-full border px-3 text-sm font-medium transition-colors',
              weeks === p ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface hover:bg-surface-2',
            )}
          >
            {t('availability.builder.weeksPreset', { n: formatNumber(p, lang) })}
          </button>
        ))}
      </div>
    </div>
  );
}

function DaysStep({ values, set }: StepProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const order = orderedWeekdays(weekStartDay(lang));
  const chosen = new Set(values.days);
  const toggle = (d: number) => {
    const next = new Set(chosen);
    if (next.has(d)) next.delete(d);
    else next.add(d);
    set('days', [...next]);
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t('availability.builder.days')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {order.map((d) => (
          <label
            key={d}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              chosen.has(d) ? 'border-primary bg-info-bg font-medium' : 'border-line hover:bg-surface-2',
            )}
          >
            <input type="checkbox" className="size-4 accent-primary" checked={chosen.has(d)} onChange={() => toggle(d)} />
            {formatWeekday(d, lang)}
          </label>
        ))}
      </div>
      <div className="mt-3 flex gap-2">
        <Button variant="ghost" className="min-h-9 py-1 text-link" onClick={() => set('days', order)}>
          {t('availability.builder.allDays')}
        </Button>
        <Button variant="ghost" className="min-h-9 py-1 text-muted" onClick={() => set('days', [])} disabled={chosen.size === 0}>
          {t('availability.builder.noDays')}
        </Button>
      </div>
    </fieldset>
  );
}

function TimesStep({ values, set }: StepProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          type="time"
          label={t('availability.builder.startTime')}
          value={values.startTime}
          onChange={(e) => set('startTime', e.target.value)}
          required
          dir="ltr"
        />
        <TextField
          type="time"
          label={t('availability.builder.endTime')}
          value={values.endTime}
          onChange={(e) => set('endTime', e.target.value)}
          required
          dir="ltr"
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t('availability.builder.duration')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {BUILDER_DURATIONS.map((d) => (
            <label
              key={d}
              className={cn(
                'flex min-h-10 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                values.duration === d ? 'border-primary bg-primary text-on-primary' : 'border-line hover:bg-surface-2',
              )}
            >
              <input
                type="radio"
                name="builder-duration"
                className="sr-only"
                checked={values.duration === d}
                onChange={() => set('duration', d)}
              />
              {t('availability.minutes', { n: formatNumber(d, lang) })}
            </label>
          ))}
        </div>
      </fieldset>
      <NumberField
        label={t('availability.builder.break')}
        value={values.breakMinutes}
        onChange={(e) => set('breakMinutes', e.target.value)}
        hint={t('availability.builder.breakHint', { max: formatNumber(MAX_BREAK, lang) })}
      />
    </div>
  );
}

function StartStep({ values, set, today }: StepProps & { today: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <DatePicker label={t('availability.builder.startDate')} value={values.startDate} today={today} onChange={(d) => set('startDate', d)} />
      <LiveCount values={values} />
    </div>
  );
}

/** LiveCount shows the count of slots the plan makes: floor(range / duration)
 * per day x days x weeks, and how many fit once the breaks are counted. */
export function LiveCount({ values }: { values: BuilderValues }) {
  const { t } = useTranslation();
  const lang = useLang();
  const perDay = previewPerDay(values.startTime, values.endTime, values.duration);
  const days = new Set(values.days).size;
  const weeks = parseWeeks(values.weeks);
  const total = previewCount(values);
  const breakMinutes = parseBreak(values.breakMinutes) ?? 0;
  const withBreaks = slotsPerDay(values.startTime, values.endTime, values.duration, breakMinutes) * days * weeks;
  const n = (x: number) => formatNumber(x, lang);
  return (
    <div className="rounded-xl border border-primary/40 bg-info-bg p-4" aria-live="polite" data-testid="live-count">
      <p className="text-sm text-muted">{t('availability.builder.liveCount')}</p>
      <p className="mt-1 text-3xl font-bold tabular-nums">{n(total)}</p>
      <p className="mt-1 text-sm">
        {t('availability.builder.formula', {
          perDay: n(perDay),
          days: t('availability.builder.dayCount', { count: days, n: n(days) }),
          weeks: t('availability.builder.weekCount', { count: weeks, n: n(weeks) }),
        })}
      </p>
      {breakMinutes > 0 && withBreaks !== total && (
        <Note>{t('availability.builder.withBreaks', { n: n(withBreaks), breakMinutes: n(breakMinutes) })}</Note>
      )}
      <Note>
        {t('availability.builder.summary', {
          from: formatDigits(values.startTime, lang),
          to: formatDigits(values.endTime, lang),
          count: values.duration,
          duration: n(values.duration),
        })}
      </Note>
    </div>
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="mt-1 text-xs text-muted">{children}</p>;
}

/** SmartBuilderButton is the floating button that opens the builder. */
export function SmartBuilderButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      className="fixed bottom-5 end-5 z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-primary px-5 py-3 text-sm font-semibold text-on-primary shadow-lg transition-colors hover:bg-primary-hover"
    >
      <Sparkles className="size-5" aria-hidden />
      {t('availability.builder.open')}
    </button>
  );
}
