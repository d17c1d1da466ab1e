import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, IconButton } from '@/components/ui/button';
import { errorText } from '@/lib/api/error-text';
import { useLang } from '@/lib/i18n/use-lang';
import { LANGUAGES, languageName } from '@/lib/languages';
import type { StudentProfile } from '../api/get-student-profile';
import { useAddStudentLanguage, useRemoveStudentLanguage, type StudentLevelChoice } from '../api/student-languages';
import { levelNameKey } from '../names';
import { ADDER_LEVELS, languageProblem } from '../schemas';

const selectClass =
  'block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg focus:border-ring focus:outline-none focus-visible:outline-2';

/** LanguageLevels lists the languages the student learns, with their levels,
 * and adds (or re-levels) and removes them. */
export function LanguageLevels({ profile, onSaved }: { profile: StudentProfile; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const languageId = useId();
  const levelId = useId();
  const add = useAddStudentLanguage();
  const remove = useRemoveStudentLanguage();
  const [language, setLanguage] = useState('');
  const [level, setLevel] = useState('');
  const [error, setError] = useState<string | null>(null);

  const name = (l: string) => languageName(l, lang);
  const levelName = (l: string) => {
    const key = levelNameKey(l);
    return key ? t(key) : l;
  };

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    const problem = languageProblem(language, level);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    add.mutate(
      { language, level: level as StudentLevelChoice },
      {
        onSuccess: () => {
          setLanguage('');
          setLevel('');
          onSaved(t('profile.languages.added'));
        },
        onError: (err) => setError(errorText(err, t, 'profile.languages.failed')),
      },
    );
  };

  return (
    <section aria-labelledby="language-levels-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="language-levels-title" className="font-semibold">
        {t('profile.languages.title')}
      </h2>
      {profile.language_levels.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('profile.languages.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {profile.language_levels.map((l) => (
            <li key={l.id} className="flex items-center justify-between gap-3 py-2">
              <div>
                <p className="font-medium">{name(l.language)}</p>
                <p className="text-sm text-muted">{levelName(l.level)}</p>
              </div>
              <IconButton
                label={t('profile.languages.remove', { language: name(l.language) })}
                className="text-danger hover:bg-danger-bg"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(l.id, {
                    onSuccess: () => onSaved(t('profile.languages.removed')),
                    onError: (err) => setError(errorText(err, t, 'profile.languages.removeFailed')),
                  })
                }
              >
                <Trash2 className="size-5" aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}

      <form noValidate onSubmit={onAdd} className="mt-4 space-y-3 border-t border-line pt-4">
        <h3 className="text-sm font-semibold">{t('profile.languages.addTitle')}</h3>
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div className="space-y-1.5">
            <label htmlFor={languageId} className="block text-sm font-medium">
              {t('profile.languages.language')}
            </label>
            <select id={languageId} value={language} onChange={(e) => setLanguage(e.target.value)} className={selectClass}>
              <option value="">{t('profile.languages.chooseLanguage')}</option>
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {name(l)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={levelId} className="block text-sm font-medium">
              {t('profile.languages.level')}
            </label>
            <select id={levelId} value={level} onChange={(e) => setLevel(e.target.value)} className={selectClass}>
              <option value="">{t('profile.languages.chooseLevel')}</option>
              {ADDER_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {levelName(l)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" loading={add.isPending}>
            <Plus className="size-4" aria-hidden />
            {t('profile.languages.add')}
          </Button>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </section>
  );
}
