// The amounts of a wallet top-up (spec sections 5 and 9). Amounts are whole Toman.
import { parseAmount } from '@/lib/format';

/** MIN_TOPUP is the smallest top-up (the custom amount minimum, and the gateway's floor). */
export const MIN_TOPUP = 1_000;
/** MAX_TOPUP is the largest top-up the server takes. */
export const MAX_TOPUP = 50_000_000;
/** PAGE_AMOUNTS are the quick amounts the wallet page shows. */
export const PAGE_AMOUNTS = [1_000_000, 500_000, 100_000] as const;
/** DIALOG_PRESETS are the top-up modal's presets. */
export const DIALOG_PRESETS = [10_000, 25_000, 50_000, 100_000, 250_000, 500_000] as const;
/** TEST_DEFAULT_AMOUNT is the gateway test page's default amount. */
export const TEST_DEFAULT_AMOUNT = 1_000;

/** lockedAmountFromQuery reads ?amount= (the booking dialog links to
 * /student/wallet?amount=<missing> when a student lacks money). A missing or
 * unreadable amount is null; one below the minimum top-up is raised to it,
 * since the gateway takes no less. */
export function lockedAmountFromQuery(params: URLSearchParams): number | null {
  const raw = params.get('amount');
  if (raw === null) return null;
  const n = parseAmount(raw);
  if (n === null || n <= 0) return null;
  return Math.min(Math.max(n, MIN_TOPUP), MAX_TOPUP);
}
