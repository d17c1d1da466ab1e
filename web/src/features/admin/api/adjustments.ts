import { api, request } from '@/lib/api/client';
import { useAdminAction } from './keys';

export type AdjustmentInput = { user_id: number; amount: number; reason: string };

/** adjustWallet credits (amount > 0) or debits (amount < 0) a student's or a
 * teacher's wallet against the platform account (POST /api/admin/adjustments/). */
export function adjustWallet(body: AdjustmentInput) {
  return request(api.POST('/api/admin/adjustments/', { body }));
}

export type Adjustment = Awaited<ReturnType<typeof adjustWallet>>;

export const useAdjustWallet = () => useAdminAction(adjustWallet);
