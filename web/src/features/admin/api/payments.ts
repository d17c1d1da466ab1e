import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import { adminKeys, useAdminAction } from './keys';
import type { AdminPayment, PaymentStatus } from './types';

/** getPayments reads the gateway payments of one status (GET /api/admin/payments/). */
export function getPayments(status: PaymentStatus, signal?: AbortSignal): Promise<AdminPayment[]> {
  return request(api.GET('/api/admin/payments/', { params: { query: { status } }, signal }));
}

export function usePayments(status: PaymentStatus) {
  return useQuery({ queryKey: adminKeys.payments(status), queryFn: ({ signal }) => getPayments(status, signal) });
}

/** reverifyPayment asks the gateway about a payment again; credited once if it confirms
 * (POST /api/admin/payments/{authority}/reverify/). */
export function reverifyPayment(authority: string): Promise<AdminPayment> {
  return request(api.POST('/api/admin/payments/{authority}/reverify/', { params: { path: { authority } } }));
}

export const useReverifyPayment = () => useAdminAction(reverifyPayment);
