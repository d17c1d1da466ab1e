// The shapes of the operator's API (issue 14's contract): from docs/openapi.yaml
// where it describes them, else written by hand until it does.
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** UserSummary ("U" in the contract) names a user wherever the console shows one. */
export type UserSummary = Schemas['UserSummary'];

/** AdminUser is a row of the user search and the head of a user's page. */
export type AdminUser = Schemas['AdminUser'];

/** Period is one column of the overview: today or this month, in Tehran. */
export type Period = Schemas['Period'];
export type Audit = Schemas['Audit'];
export type Overview = Schemas['Overview'];

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired';
/** AdminPayment is a gateway payment; its status is one of the contract's four. */
export type AdminPayment = Omit<Schemas['AdminPayment'], 'status'> & { status: PaymentStatus };

type Detail = Schemas['UserDetail'];
/** UserDetail is a user's page: classes, payments, transactions, chats' metadata, a teacher's review. */
export type UserDetail = Omit<Detail, 'payments'> & { payments: AdminPayment[] };
export type AdminBooking = Detail['bookings'][number];
export type BookingStatus = AdminBooking['status'];
export type WalletTransaction = Schemas['WalletTransaction'];
export type ReviewStatus = Schemas['ReviewStatus'];

export type PendingTeacher = Schemas['PendingTeacher'];
export type AdminReview = Schemas['AdminReview'];

export type WithdrawalStatus = 'pending' | 'paid' | 'rejected';
export type AdminWithdrawal = {
  id: number;
  user: UserSummary;
  kind: 'withdrawal' | 'refund';
  amount: number;
  iban: string;
  status: WithdrawalStatus;
  created_at: string;
  settled_at: string | null;
  reference: string;
  reason: string;
};

export type DisputeStatus = 'disputed' | 'resolved';
export type RefundPercent = 0 | 50 | 100;
type ProblemReport = Schemas['ProblemReport'];

export type Dispute = {
  id: number;
  booking: {
    id: number;
    start: string;
    end: string;
    price: number;
    language: string;
    level: string;
    teacher: UserSummary;
    student: UserSummary;
  };
  reported_by: ProblemReport['reported_by'];
  reason: ProblemReport['reason'];
  text: string;
  resolution: ProblemReport['resolution'];
  status: string;
  created_at: string;
  answered_at: string | null;
  outcome: string | null;
  refund_percent: RefundPercent | null;
  note: string;
  decided_by: UserSummary | null;
  decided_at: string | null;
};

export type DisputeMessage = { id: number; sender: UserSummary; text: string; created_at: string };
export type DisputeDetail = Dispute & { messages: DisputeMessage[] };

export type Adjustment = { transaction_id: number; user: UserSummary; amount: number; balance: number };

export type LogEntry = Schemas['OperatorAction'];
