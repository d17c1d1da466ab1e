import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type TopUp = components['schemas']['TopUp'];

/** topUpWallet makes sure the verified payment of authority is in the wallet
 * and reads the balance (POST /api/student/wallet/topup/). The server credits
 * its own recorded amount once per authority; repeating it is harmless. */
export function topUpWallet(authority: string): Promise<TopUp> {
  return request(api.POST('/api/student/wallet/topup/', { body: { authority } }));
}
