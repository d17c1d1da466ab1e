// The pending payment record (spec section 3): kept in local storage under
// pendingPayment from the moment the gateway gives an authority until the
// callback has credited the wallet.

export const PENDING_PAYMENT_KEY = 'pendingPayment';

export type PendingPayment = {
  authority: string;
  amount: number;
  description: string;
  email: string;
  mobile: string;
  /** When the payment was requested, in milliseconds since the epoch. */
  timestamp: number;
};

/** savePendingPayment stores p; storage that is full or blocked is not fatal. */
export function savePendingPayment(p: PendingPayment): void {
  try {
    localStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify(p));
  } catch {
    // The server holds the payment too; the callback works without the record.
  }
}

/** readPendingPayment returns the stored record, or null when there is none or it is unreadable. */
export function readPendingPayment(): PendingPayment | null {
  try {
    const raw = localStorage.getItem(PENDING_PAYMENT_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<PendingPayment>;
    if (typeof v.authority !== 'string' || typeof v.amount !== 'number') return null;
    return {
      authority: v.authority,
      amount: v.amount,
      description: String(v.description ?? ''),
      email: String(v.email ?? ''),
      mobile: String(v.mobile ?? ''),
      timestamp: Number(v.timestamp ?? 0),
    };
  } catch {
    return null;
  }
}

/** clearPendingPayment removes the record. */
export function clearPendingPayment(): void {
  try {
    localStorage.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Nothing to do.
  }
}
