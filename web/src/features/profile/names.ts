import { msg, type TKey } from '@/lib/i18n/keys';

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

export function levelNameKey(level: string): TKey | null {
  return levels[level] ?? null;
}
