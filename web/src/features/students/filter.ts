import { toLatinDigits } from '@/lib/format';
import type { TeacherStudent } from '@/lib/api/students';

/** The level filter of spec section 9 (teacher filters): A1 to C1. */
export const FILTER_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1'] as const;
export type LevelFilter = 'all' | (typeof FILTER_LEVELS)[number];

/** The levels a teacher may set: A1 to C2. */
export const SET_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;

// The profile adder's words stand for these codes in the filter.
const wordLevels: Record<string, string> = { BEGINNER: 'A1', INTERMEDIATE: 'B1', ADVANCED: 'C1' };

/** levelCode is a student's level as a CEFR code ('' when not set). */
export function levelCode(level: string): string {
  const l = level.trim().toUpperCase();
  return wordLevels[l] ?? l;
}

function digitsOnly(s: string): string {
  return toLatinDigits(s).replace(/\D/g, '');
}

/** matchesQuery: a student matches by name, username, email or phone
 * (case-insensitive; a phone typed with Persian digits, spaces or +98 matches). */
export function matchesQuery(s: TeacherStudent, query: string): boolean {
  const q = toLatinDigits(query).trim().toLocaleLowerCase();
  if (q === '') return true;
  const text = [s.name, s.first_name, s.last_name, `${s.first_name} ${s.last_name}`, s.user.username, s.user.email];
  if (text.some((v) => v.toLocaleLowerCase().includes(q))) return true;
  let digits = digitsOnly(q);
  if (digits.length < 3) return false;
  if (digits.startsWith('98')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digitsOnly(s.user.phone).includes(digits);
}

/** filterStudents keeps the students matching the query and the level. */
export function filterStudents(list: TeacherStudent[], query: string, level: LevelFilter): TeacherStudent[] {
  return list.filter((s) => (level === 'all' || levelCode(s.level) === level) && matchesQuery(s, query));
}

/** Summary counts of the Students screen. */
export function summarize(list: TeacherStudent[]) {
  return {
    students: list.length,
    active: list.filter((s) => s.status === 'active').length,
    classes: list.reduce((n, s) => n + s.total_classes, 0),
    completed: list.reduce((n, s) => n + s.completed_classes, 0),
  };
}
