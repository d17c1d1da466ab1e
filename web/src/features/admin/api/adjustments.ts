import { send } from '@/lib/api/send';
import { useAdminAction } from './keys';
import type { Adjustment } from './types';

export type AdjustmentInput = { user_id: number; amount: number; reason: string };

/** adjustWallet credits (amount > 0) or debits (amount < 0) a student's or a
 * teacher's wallet against the platform account (POST /api/admin/adjustments/). */
export function adjustWallet(input: AdjustmentInput): Promise<Adjustment> {
  return send('POST', '/api/admin/adjustments/', { body: input });
}

export const useAdjustWallet = () => useAdminAction(adjustWallet);
