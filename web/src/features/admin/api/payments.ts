import { useQuery } from '@tanstack/react-query';
import { send } from '@/lib/api/send';
import { adminKeys, useAdminAction } from './keys';
import type { AdminPayment, PaymentStatus } from './types';

/** getPayments reads the gateway payments of one status (GET /api/admin/payments/). */
export function getPayments(status: PaymentStatus, signal?: AbortSignal): Promise<AdminPayment[]> {
  return send('GET', '/api/admin/payments/', { query: { status }, signal });
}

export function usePayments(status: PaymentStatus) {
  return useQuery({ queryKey: adminKeys.payments(status), queryFn: ({ signal }) => getPayments(status, signal) });
}

/** reverifyPayment asks the gateway about a payment again; credited once if it confirms
 * (POST /api/admin/payments/{authority}/reverify/). */
export function reverifyPayment(authority: string): Promise<AdminPayment> {
  return send('POST', `/api/admin/payments/${encodeURIComponent(authority)}/reverify/`, { body: {} });
}

export const useReverifyPayment = () => useAdminAction(reverifyPayment);
