// Validation of a withdrawal request. The server checks the IBAN's check
// digits and the balance and answers in the user's language; the form checks
// only what needs no server.
import { z } from 'zod/mini';
import { parseAmount } from '@/lib/format';
import { msg } from '@/lib/i18n/keys';

/** MIN_WITHDRAWAL is the smallest withdrawal the server takes, in Toman. */
export const MIN_WITHDRAWAL = 10_000;

export const withdrawalSchema = z.object({
  amount: z.string().check(
    z.superRefine((v, ctx) => {
      const n = parseAmount(v);
      if (n === null || n <= 0) ctx.addIssue({ code: 'custom', message: msg('wallet.validation.amountRequired') });
      else if (n < MIN_WITHDRAWAL) ctx.addIssue({ code: 'custom', message: msg('wallet.validation.withdrawalMin') });
    }),
  ),
  iban: z.string().check(z.trim(), z.minLength(1, msg('wallet.validation.ibanRequired'))),
});
export type WithdrawalValues = z.infer<typeof withdrawalSchema>;
