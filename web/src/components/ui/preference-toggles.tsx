import { useTranslation } from 'react-i18next';
import { Languages, Moon, Sun } from 'lucide-react';
import { chooseLang } from '@/lib/i18n';
import { useTheme } from '@/lib/theme';
import { IconButton } from './button';

/** ThemeToggle switches between the dark and the light theme. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  return (
    <IconButton label={theme === 'dark' ? t('header.toLight') : t('header.toDark')} onClick={toggle}>
      {theme === 'dark' ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </IconButton>
  );
}

/** LanguageToggle switches the interface between Persian and English. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'fa' ? 'en' : 'fa';
  return (
    <button
      type="button"
      onClick={() => void chooseLang(next)}
      aria-label={t('header.switchLanguage')}
      title={t('header.switchLanguage')}
      className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg transition-colors hover:bg-surface-2"
    >
      <Languages className="size-5" aria-hidden />
      <span lang={next} aria-hidden>
        {next === 'en' ? 'EN' : 'فا'}
      </span>
    </button>
  );
}
