// Validation of the student profile (spec section 5). Messages are translation keys.
import { z } from 'zod/mini';
import { msg, type TKey } from '@/lib/i18n/keys';
import { toLatinDigits } from '@/lib/format';
import { checkFile, PHOTO_RULE } from '@/lib/files';

// The server's rules: usernames of 3 to 32 English letters, digits, '.', '_'
// or '-' starting with a letter; names up to 150 characters; bio up to 2000.
const USERNAME_RE = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;
const PHONE_RE = /^(?:\+98|0098|98|0)?9\d{9}$/;
export const MAX_NAME = 150;
export const MAX_BIO = 2000;
const emailSchema = z.email();

/** normalizePhone writes a phone as digits only (Persian digits become ASCII). */
export function normalizePhone(raw: string): string {
  return toLatinDigits(raw).replace(/[\s-]/g, '');
}

/** phoneChanged reports whether the typed phone differs from the saved one. */
export function phoneChanged(typed: string, saved: string): boolean {
  const t = normalizePhone(typed);
  return t !== '' && t !== normalizePhone(saved);
}

export const personalInfoSchema = z
  .object({
    username: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, msg('validation.usernameRequired')),
        z.refine((v) => v === '' || USERNAME_RE.test(v), msg('validation.usernameInvalid')),
      ),
    email: z
      .string()
      .check(z.trim(), z.refine((v) => v === '' || z.safeParse(emailSchema, v).success, msg('validation.emailInvalid'))),
    first_name: z.string().check(z.trim(), z.maxLength(MAX_NAME, msg('profile.info.nameTooLong'))),
    last_name: z.string().check(z.trim(), z.maxLength(MAX_NAME, msg('profile.info.nameTooLong'))),
    bio: z.string().check(z.trim(), z.maxLength(MAX_BIO, msg('validation.bioTooLong'))),
    phone: z.string().check(z.trim()),
    /** The saved phone, to tell whether it changed. */
    savedPhone: z.string(),
    code: z.string().check(z.trim()),
    codeSent: z.boolean(),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (!phoneChanged(d.phone, d.savedPhone)) return;
      if (!PHONE_RE.test(normalizePhone(d.phone))) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: msg('profile.info.phoneInvalid') });
      } else if (!d.codeSent) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: msg('validation.phoneVerificationRequired') });
      } else if (!/^\d{6}$/.test(toLatinDigits(d.code))) {
        ctx.addIssue({ code: 'custom', path: ['code'], message: msg('validation.codeDigits') });
      }
    }),
  );
export type PersonalInfoValues = z.input<typeof personalInfoSchema>;

/** photoProblem is the message for a chosen photo that cannot be sent, or null:
 * none chosen, not JPEG or PNG, or over 5 MB. */
export function photoProblem(file: File | null | undefined): TKey | null {
  if (!file) return msg('profile.photo.required');
  const problem = checkFile(file, PHOTO_RULE);
  if (problem === 'type') return msg('profile.photo.invalidType');
  if (problem === 'size') return msg('profile.photo.tooLarge');
  return null;
}

export const ADDER_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;

/** languageProblem: a language and a level must be chosen. */
export function languageProblem(language: string, level: string): TKey | null {
  return language === '' || level === '' ? msg('profile.languages.required') : null;
}
