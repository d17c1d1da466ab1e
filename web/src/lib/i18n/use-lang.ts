import { useTranslation } from 'react-i18next';
import { isLang, DEFAULT_LANG, type Lang } from './langs';

/** useLang returns the interface language and re-renders when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}
