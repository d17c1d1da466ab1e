// How a wallet transaction reads: its type's name and icon, and its
// description, which the server sends as data (a top-up's description, a
// withdrawal's IBAN, "class #12").
import type { TFunction } from 'i18next';
import {
  ArrowDownToLine,
  CircleDollarSign,
  Gift,
  GraduationCap,
  Landmark,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { formatDigits, formatIban } from '@/lib/format';
import type { Lang } from '@/lib/i18n/langs';
import { msg, type TKey } from '@/lib/i18n/keys';
import type { TransactionType, WalletTransaction } from './api/get-transactions';

export const typeLabel: Record<TransactionType, TKey> = {
  topup: msg('wallet.types.topup'),
  class_payment: msg('wallet.types.classPayment'),
  refund: msg('wallet.types.refund'),
  withdrawal: msg('wallet.types.withdrawal'),
  bonus: msg('wallet.types.bonus'),
  other: msg('wallet.types.other'),
};

export const typeIcon: Record<TransactionType, LucideIcon> = {
  topup: ArrowDownToLine,
  class_payment: GraduationCap,
  refund: Undo2,
  withdrawal: Landmark,
  bonus: Gift,
  other: CircleDollarSign,
};

export const statusLabel: Record<WalletTransaction['status'], TKey> = {
  completed: msg('wallet.status.completed'),
  pending: msg('wallet.status.pending'),
  paid: msg('wallet.status.paid'),
  rejected: msg('wallet.status.rejected'),
};

/** transactionType reads type, falling back to transaction_type, then other. */
export function transactionType(tx: Pick<WalletTransaction, 'type' | 'transaction_type'>): TransactionType {
  const v = tx.type ?? tx.transaction_type;
  return v in typeLabel ? v : 'other';
}

/** describe words a transaction's description in the reader's language. */
export function describe(tx: WalletTransaction, t: TFunction, lang: Lang): string {
  const d = tx.description.trim();
  const cls = /^class #(\d+)$/.exec(d);
  if (cls) return t('wallet.transactions.classNo', { id: formatDigits(cls[1]!, lang) });
  if (transactionType(tx) === 'withdrawal' && /^IR\d{24}$/.test(d)) return t('wallet.transactions.toIban', { iban: formatIban(d) });
  return d;
}
