import { useMutation, useQueryClient } from '@tanstack/react-query';

/** adminKeys are the query keys of the console; all start with 'admin'. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (q: string, role: string) => ['admin', 'users', { q, role }] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  pendingTeachers: ['admin', 'teachers', 'pending'] as const,
  withdrawals: (status: string) => ['admin', 'withdrawals', status] as const,
  payments: (status: string) => ['admin', 'payments', status] as const,
  disputes: (status: string) => ['admin', 'disputes', status] as const,
  dispute: (id: number) => ['admin', 'dispute', id] as const,
  reviews: (teacherId: number | null) => ['admin', 'reviews', teacherId] as const,
  commission: ['admin', 'commission'] as const,
  audit: ['admin', 'audit'] as const,
  log: ['admin', 'log'] as const,
  failedDeliveries: ['admin', 'deliveries', 'failed'] as const,
};

/** useAdminAction is the mutation of an operator's action. An action changes
 * more than its own row (the overview's figures, the log, a user's page), so
 * every console query is read again after it. */
export function useAdminAction<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
