import { z } from 'zod/mini';
import { msg } from '@/lib/i18n/keys';

/** A new password is at least 8 characters, as for a reset (the server's rule). */
export const MIN_NEW_PASSWORD = 8;

export const passwordSchema = z
  .object({
    current: z.string().check(z.minLength(1, msg('settings.password.currentRequired'))),
    next: z
      .string()
      .check(
        z.minLength(1, msg('settings.password.newRequired')),
        z.refine((v) => v === '' || v.length >= MIN_NEW_PASSWORD, msg('settings.password.tooShort')),
      ),
    confirm: z.string(),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (d.next !== d.confirm) {
        ctx.addIssue({ code: 'custom', path: ['confirm'], message: msg('settings.password.mismatch') });
      }
    }),
  );
export type PasswordValues = z.infer<typeof passwordSchema>;
