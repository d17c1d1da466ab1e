import { msg, type TKey } from '@/lib/i18n/keys';

const languages: Record<string, TKey> = {
  English: msg('teacherProfile.languageNames.English'),
  Persian: msg('teacherProfile.languageNames.Persian'),
  Spanish: msg('teacherProfile.languageNames.Spanish'),
  French: msg('teacherProfile.languageNames.French'),
  German: msg('teacherProfile.languageNames.German'),
  Italian: msg('teacherProfile.languageNames.Italian'),
  Portuguese: msg('teacherProfile.languageNames.Portuguese'),
  Chinese: msg('teacherProfile.languageNames.Chinese'),
  Japanese: msg('teacherProfile.languageNames.Japanese'),
  Korean: msg('teacherProfile.languageNames.Korean'),
  Arabic: msg('teacherProfile.languageNames.Arabic'),
};

export function languageNameKey(name: string): TKey | null {
  return languages[name] ?? null;
}
