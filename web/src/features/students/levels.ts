import { msg, type TKey } from '@/lib/i18n/keys';
import { SET_LEVELS } from './filter';

type Level = (typeof SET_LEVELS)[number];

/** The names of the CEFR levels. */
export const levelNames: Record<Level, TKey> = {
  A1: msg('students.levelNames.A1'),
  A2: msg('students.levelNames.A2'),
  B1: msg('students.levelNames.B1'),
  B2: msg('students.levelNames.B2'),
  C1: msg('students.levelNames.C1'),
  C2: msg('students.levelNames.C2'),
};

/** levelNameKey is the name of a CEFR code, or null for anything else. */
export function levelNameKey(code: string): TKey | null {
  return (levelNames as Record<string, TKey | undefined>)[code] ?? null;
}
