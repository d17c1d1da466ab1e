// The sign-in form's values and checks, written by hand rather than as a zod
// schema like the other forms' (schemas.ts): /login is the page most visits
// open first, and zod with react-hook-form and its resolver was 21 KB
// gzipped of it (docs/performance.md, "Lighthouse"). Nothing here may import
// zod or react-hook-form.
import { msg, type TKey } from '@/lib/i18n/keys';

export const roles = ['student', 'teacher'] as const;
export type RoleChoice = (typeof roles)[number];

export function isRoleChoice(v: unknown): v is RoleChoice {
  return v === 'student' || v === 'teacher';
}

export type LoginValues = { username: string; password: string; remember: boolean };

/** The message key of each field that fails its check. */
export type LoginErrors = Partial<Record<'username' | 'password', TKey>>;

/** checkLogin requires a username (spaces around it do not count) and a password. */
export function checkLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.username.trim() === '') errors.username = msg('validation.usernameRequired');
  if (values.password === '') errors.password = msg('validation.passwordRequired');
  return errors;
}
