import { msg, type TKey } from '@/lib/i18n/keys';

const languages: Record<string, TKey> = {
  English: msg('profile.languageNames.English'),
  Persian: msg('profile.languageNames.Persian'),
  Spanish: msg('profile.languageNames.Spanish'),
  French: msg('profile.languageNames.French'),
  German: msg('profile.languageNames.German'),
  Italian: msg('profile.languageNames.Italian'),
  Portuguese: msg('profile.languageNames.Portuguese'),
  Chinese: msg('profile.languageNames.Chinese'),
  Japanese: msg('profile.languageNames.Japanese'),
  Korean: msg('profile.languageNames.Korean'),
  Arabic: msg('profile.languageNames.Arabic'),
};

// A student's level: the adder's words, or the CEFR level a teacher set.
const levels: Record<string, TKey> = {
  beginner: msg('profile.levelNames.beginner'),
  intermediate: msg('profile.levelNames.intermediate'),
  advanced: msg('profile.levelNames.advanced'),
  A1: msg('profile.levelNames.A1'),
  A2: msg('profile.levelNames.A2'),
  B1: msg('profile.levelNames.B1'),
  B2: msg('profile.levelNames.B2'),
  C1: msg('profile.levelNames.C1'),
  C2: msg('profile.levelNames.C2'),
};

export function languageNameKey(name: string): TKey | null {
  return languages[name] ?? null;
}

export function levelNameKey(level: string): TKey | null {
  return levels[level] ?? null;
}
