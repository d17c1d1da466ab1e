// Validation of a wallet top-up (spec section 5). Messages are translation keys.
import { z } from 'zod/mini';
import { parseAmount } from '@/lib/format';
import { msg, type TKey } from '@/lib/i18n/keys';
import { MAX_TOPUP, MIN_TOPUP } from './amounts';

/** MAX_DESCRIPTION is the server's limit on a payment's description. */
export const MAX_DESCRIPTION = 255;

/** amountError checks a typed top-up amount: a positive whole number ('amount
 * is required'), at least MIN_TOPUP and at most MAX_TOPUP. */
export function amountError(raw: string): TKey | null {
  const n = parseAmount(raw);
  if (n === null || n <= 0) return msg('payment.validation.amountRequired');
  if (n < MIN_TOPUP) return msg('payment.validation.amountMin');
  if (n > MAX_TOPUP) return msg('payment.validation.amountMax');
  return null;
}

const amountField = () =>
  z.string().check(
    z.superRefine((v, ctx) => {
      const e = amountError(v);
      if (e) ctx.addIssue({ code: 'custom', message: e });
    }),
  );
const description = () =>
  z.string().check(z.trim(), z.maxLength(MAX_DESCRIPTION, msg('payment.validation.descriptionTooLong')));

/** The wallet page's custom amount form: an amount and an optional description. */
export const customAmountSchema = z.object({ amount: amountField(), description: description() });
export type CustomAmountValues = z.infer<typeof customAmountSchema>;

export type ContactMode = 'profile' | 'custom';
export type Contact = { email: string; mobile: string };

/** contactFor is the contact sent to the gateway: the profile's email and
 * phone, or the ones typed in. */
export function contactFor(mode: ContactMode, profile: { email?: string | null; phone?: string | null } | null, typed: Contact): Contact {
  if (mode === 'profile') return { email: profile?.email?.trim() ?? '', mobile: profile?.phone?.trim() ?? '' };
  return { email: typed.email.trim(), mobile: typed.mobile.trim() };
}

/** profileContactComplete reports whether the profile has both an email and a phone. */
export function profileContactComplete(profile: { email?: string | null; phone?: string | null } | null): boolean {
  return Boolean(profile?.email?.trim() && profile?.phone?.trim());
}

/** canConfirm is whether the top-up modal's pay button is enabled (spec
 * section 5): not while loading, not without a valid amount, not when the
 * profile's email or phone is missing while paying with profile data, and not
 * when the typed email or mobile is empty otherwise. */
export function canConfirm(a: {
  loading: boolean;
  amount: string;
  mode: ContactMode;
  profile: { email?: string | null; phone?: string | null } | null;
  typed: Contact;
}): boolean {
  if (a.loading) return false;
  if (amountError(a.amount) !== null) return false;
  const c = contactFor(a.mode, a.profile, a.typed);
  return c.email !== '' && c.mobile !== '';
}
