import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '@/components/ui/button';
import { NumberField } from '@/components/ui/number-field';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useLang } from '@/lib/i18n/use-lang';
import { LANGUAGES, languageName } from '@/lib/languages';
import { LEVELS, type EntryDraft, type EntryProblem, type Level, type LevelEntry } from '../schemas';

type LevelsEditorProps = {
  entries: readonly LevelEntry[];
  onRemove: (key: string) => void;
  draft: EntryDraft;
  onDraft: (d: EntryDraft) => void;
  onAdd: () => void;
  problem: EntryProblem | null;
};

const selectClass =
  'block w-full rounded-lg border bg-surface px-3 py-2.5 text-base text-fg focus:border-ring focus:outline-none focus-visible:outline-2';

/** LevelsEditor lists the languages taught with their levels and prices per
 * class, and adds one: a language, its levels (A1 to C2), a price per class and
 * an exam price, in Toman. */
export function LevelsEditor({ entries, onRemove, draft, onDraft, onAdd, problem }: LevelsEditorProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const languageId = useId();
  const levelsId = useId();
  const errorId = useId();
  const name = (l: string) => languageName(l, lang);
  const toggle = (level: Level) =>
    onDraft({ ...draft, levels: draft.levels.includes(level) ? draft.levels.filter((l) => l !== level) : [...draft.levels, level] });
  const problemText = problem ? t(problem.message) : undefined;

  return (
    <div className="space-y-4">
      {entries.length === 0 ? (
        <p className="text-sm text-muted">{t('teacherProfile.levels.empty')}</p>
      ) : (
        <ul className="space-y-2">
          {entries.map((e) => (
            <li key={e.key} className="flex items-center justify-between gap-3 rounded-xl border border-line px-3 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-semibold">
                  {name(e.language)}{' '}
                  <span dir="ltr" className="font-normal text-muted">
                    {e.levels.join(' · ')}
                  </span>
                </p>
                <p className="text-muted">
                  {t('teacherProfile.levels.prices', {
                    regular: formatMoney(e.regular_price, lang),
                    exam: e.exam_price > 0 ? formatMoney(e.exam_price, lang) : t('teacherProfile.notSet'),
                  })}
                </p>
              </div>
              <IconButton
                label={t('teacherProfile.levels.remove', { language: name(e.language), levels: e.levels.join(' ') })}
                className="shrink-0 text-danger hover:bg-danger-bg"
                onClick={() => onRemove(e.key)}
              >
                <Trash2 className="size-5" aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}

      <fieldset className="space-y-3 rounded-xl border border-dashed border-line p-4">
        <legend className="px-1 text-sm font-semibold">{t('teacherProfile.levels.addTitle')}</legend>
        <div className="space-y-1.5">
          <label htmlFor={languageId} className="block text-sm font-medium">
            {t('teacherProfile.levels.language')}
          </label>
          <select
            id={languageId}
            value={draft.language}
            aria-invalid={problem?.field === 'language' || undefined}
            aria-describedby={problem?.field === 'language' ? errorId : undefined}
            onChange={(e) => onDraft({ ...draft, language: e.target.value })}
            className={cn(selectClass, problem?.field === 'language' ? 'border-danger' : 'border-line')}
          >
            <option value="">{t('teacherProfile.levels.chooseLanguage')}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {name(l)}
              </option>
            ))}
          </select>
        </div>
        <div role="group" aria-labelledby={levelsId}>
          <p id={levelsId} className="text-sm font-medium">
            {t('teacherProfile.levels.levels')}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-2" dir="ltr">
            {LEVELS.map((level) => {
              const on = draft.levels.includes(level);
              return (
                <label
                  key={level}
                  className={cn(
                    'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    on ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface',
                  )}
                >
                  <input type="checkbox" className="sr-only" checked={on} onChange={() => toggle(level)} />
                  {level}
                </label>
              );
            })}
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            label={t('teacherProfile.levels.regularPrice')}
            value={draft.regular}
            onChange={(e) => onDraft({ ...draft, regular: e.target.value })}
            error={problem?.field === 'regular' ? problemText : undefined}
          />
          <NumberField
            label={t('teacherProfile.levels.examPrice')}
            optional
            value={draft.exam}
            onChange={(e) => onDraft({ ...draft, exam: e.target.value })}
            error={problem?.field === 'exam' ? problemText : undefined}
          />
        </div>
        {problem?.field === 'language' && (
          <p id={errorId} className="text-sm text-danger">
            {problemText}
          </p>
        )}
        <Button variant="secondary" onClick={onAdd}>
          <Plus className="size-4" aria-hidden />
          {t('teacherProfile.levels.add')}
        </Button>
      </fieldset>
    </div>
  );
}
