/** walletKeys are the query keys of the wallet's data; all start with
 * 'wallet', which the payment callback invalidates after a top-up. */
export const walletKeys = {
  all: ['wallet'] as const,
  studentTransactions: ['wallet', 'student', 'transactions'] as const,
  teacherTransactions: ['wallet', 'teacher', 'transactions'] as const,
  teacherSummary: ['wallet', 'teacher', 'summary'] as const,
  withdrawals: ['wallet', 'teacher', 'withdrawals'] as const,
  refunds: ['wallet', 'student', 'refunds'] as const,
};
