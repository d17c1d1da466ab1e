// Validation of the sign-in screens (spec section 5), shared by the
// registration, password-reset and operator forms (the login form's own
// checks are in login.ts). Messages are translation keys; the
// form shows them translated.
import { z } from 'zod/mini';
import { msg } from '@/lib/i18n/keys';
import { toLatinDigits } from '@/lib/format';
import { roles } from './login';

export const MIN_PASSWORD = 6;
export const MIN_RESET_PASSWORD = 8;
export const CODE_LENGTH = 6;
export const RESEND_SECONDS = 120;
export const MAX_BIO = 2000;

// The server's username rule: 3 to 32 English letters, digits, '.', '_' or '-', starting with a letter.
const USERNAME_RE = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;
const emailSchema = z.email();

const newUsername = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, msg('validation.usernameRequired')),
      z.refine((v) => v === '' || USERNAME_RE.test(v), msg('validation.usernameInvalid')),
    );
const optionalEmail = () =>
  z
    .string()
    .check(
      z.trim(),
      z.refine((v) => v === '' || z.safeParse(emailSchema, v).success, msg('validation.emailInvalid')),
    );
const newPassword = () =>
  z
    .string()
    .check(
      z.minLength(1, msg('validation.passwordRequired')),
      z.refine((v) => v === '' || v.length >= MIN_PASSWORD, msg('validation.passwordMin')),
    );
const phone = () => z.string().check(z.trim(), z.minLength(1, msg('validation.phoneRequired')));

/** The operator's second factor: the 6-digit code texted to their phone. */
export const operatorCodeSchema = z.object({
  code: z.string().check(z.minLength(1, msg('validation.codeRequired')), z.refine((v) => v === '' || isCode(v), msg('validation.codeDigits'))),
});
export type OperatorCodeValues = z.infer<typeof operatorCodeSchema>;

/** Registration step 1: basics and a role. */
export const registerBasicsSchema = z
  .object({
    username: newUsername(),
    email: optionalEmail(),
    password: newPassword(),
    confirmPassword: z.string(),
    // Optional in type so that the other checks still run when it is missing.
    role: z.nullish(z.enum(roles)),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (!d.role) {
        ctx.addIssue({ code: 'custom', path: ['role'], message: msg('validation.roleRequired') });
      }
      if (d.password !== d.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: msg('validation.passwordsMismatch') });
      }
    }),
  );
export type RegisterBasicsValues = z.input<typeof registerBasicsSchema>;

/** Registration role page: the basics again, the phone and its code, and a bio for teachers.
 * `codeSent` is set by the form once a code was sent: a code is asked only then. */
export const registerRoleSchema = z
  .object({
    username: newUsername(),
    email: optionalEmail(),
    password: newPassword(),
    confirmPassword: z.string(),
    phone: phone(),
    code: z.string().check(z.trim()),
    codeSent: z.boolean(),
    bio: z.string().check(z.trim(), z.maxLength(MAX_BIO, msg('validation.bioTooLong'))),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (d.password !== d.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: msg('validation.passwordsMismatchBang') });
      }
      if (d.phone !== '' && !d.codeSent) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: msg('validation.phoneVerificationRequired') });
      } else if (d.codeSent && d.code === '') {
        ctx.addIssue({ code: 'custom', path: ['code'], message: msg('validation.phoneVerificationRequired') });
      } else if (d.codeSent && !isCode(d.code)) {
        ctx.addIssue({ code: 'custom', path: ['code'], message: msg('validation.codeDigits') });
      }
    }),
  );
export type RegisterRoleValues = z.input<typeof registerRoleSchema>;

/** Forgot password step 1: a mobile number. */
export const resetPhoneSchema = z.object({ phone: phone() });
export type ResetPhoneValues = z.infer<typeof resetPhoneSchema>;

/** Forgot password step 2: the 6-digit code and a new password (8 or more), confirmed. */
export const resetPasswordSchema = z
  .object({
    code: z.string().check(z.regex(/^\d{6}$/, msg('validation.codeDigits'))),
    newPassword: z
      .string()
      .check(
        z.minLength(1, msg('validation.passwordRequired')),
        z.refine((v) => v === '' || v.length >= MIN_RESET_PASSWORD, msg('validation.resetPasswordMin')),
      ),
    confirmPassword: z.string(),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (d.newPassword !== d.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: msg('validation.passwordsMismatch') });
      }
    }),
  );
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** isCode reports whether s is a whole verification code: 6 digits. */
export function isCode(s: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(s);
}

/** sanitizeCode keeps only digits (Persian digits become ASCII), at most 6. */
export function sanitizeCode(raw: string): string {
  return toLatinDigits(raw).replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export type PasswordHint = 'tooShort' | 'mismatch' | 'match' | null;

/** passwordHint is the live hint of the reset form: too short, mismatch or match. */
export function passwordHint(password: string, confirm: string): PasswordHint {
  if (password === '' && confirm === '') return null;
  if (password.length < MIN_RESET_PASSWORD) return 'tooShort';
  if (confirm === '') return null;
  return password === confirm ? 'match' : 'mismatch';
}
