import { msg, type TKey } from '@/lib/i18n/keys';

// A student's level as their teachers set it: a CEFR code (A1 to C2) or one
// of the profile adder's words (beginner, intermediate, advanced).
const names: Record<string, TKey> = {
  A1: msg('progress.levelNames.A1'),
  A2: msg('progress.levelNames.A2'),
  B1: msg('progress.levelNames.B1'),
  B2: msg('progress.levelNames.B2'),
  C1: msg('progress.levelNames.C1'),
  C2: msg('progress.levelNames.C2'),
  BEGINNER: msg('progress.levelNames.beginner'),
  INTERMEDIATE: msg('progress.levelNames.intermediate'),
  ADVANCED: msg('progress.levelNames.advanced'),
};

/** levelNameKey is the translation key of a level's name, or null for no or an unknown level. */
export function levelNameKey(level: string | null | undefined): TKey | null {
  if (!level) return null;
  return names[level.trim().toUpperCase()] ?? null;
}

/** isLevelCode reports whether level is a CEFR code, shown as is beside its name. */
export function isLevelCode(level: string): boolean {
  return /^[ABC][12]$/i.test(level.trim());
}
