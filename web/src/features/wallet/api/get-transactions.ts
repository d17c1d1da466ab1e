import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { Role } from '@/lib/auth/user';
import { walletKeys } from './keys';

export type WalletTransaction = components['schemas']['WalletTransaction'];
export type TransactionType = components['schemas']['TransactionType'];

/** getTransactions reads the wallet's transactions, newest first
 * (GET /api/student/wallet/transactions/ or /api/teacher/wallet/transactions/). */
export function getTransactions(role: Role, signal?: AbortSignal): Promise<WalletTransaction[]> {
  return role === 'teacher'
    ? request(api.GET('/api/teacher/wallet/transactions/', { signal }))
    : request(api.GET('/api/student/wallet/transactions/', { signal }));
}

export function useTransactions(role: Role) {
  return useQuery({
    queryKey: role === 'teacher' ? walletKeys.teacherTransactions : walletKeys.studentTransactions,
    queryFn: ({ signal }) => getTransactions(role, signal),
  });
}
