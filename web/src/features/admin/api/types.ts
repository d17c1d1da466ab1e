// The shapes of the operator's API (issue 14's contract): from docs/openapi.yaml
// where it describes them, else written by hand until it does.
import type { components } from '@/lib/api/schema';

/** UserSummary ("U" in the contract) names a user wherever the console shows one. */
export type UserSummary = components['schemas']['UserSummary'];

/** AdminUser is a row of the user search and the head of a user's page. */
export type AdminUser = UserSummary & {
  email: string;
  created_at: string;
  suspended_at: string | null;
  suspended_reason: string;
  deleted: boolean;
};

/** Period is one column of the overview: today or this month, in Tehran. */
export type Period = {
  new_students: number;
  new_teachers: number;
  classes_booked: number;
  classes_done: number;
  topped_up: number;
  paid_to_teachers: number;
};

export type AuditFinding = { check: string; message: string };
export type Audit = { ok: boolean; checked_at: string; findings: AuditFinding[] };

export type Overview = {
  today: Period;
  month: Period;
  waiting_withdrawals: { count: number; amount: number };
  open_disputes: number;
  pending_teachers: number;
  audit: Audit;
};

export type BookingStatus = components['schemas']['Booking']['status'];

export type AdminBooking = {
  id: number;
  start: string;
  end: string;
  status: BookingStatus;
  price: number;
  teacher: UserSummary;
  student: UserSummary;
};

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired';
export type AdminPayment = {
  authority: string;
  user: UserSummary;
  amount: number;
  status: PaymentStatus;
  created_at: string;
  ref_id: string | number | null;
};

export type WalletTransaction = components['schemas']['WalletTransaction'];

export type ChatMeta = { id: number; with: UserSummary; messages: number; last_message_at: string | null };

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

export type UserDetail = {
  user: AdminUser;
  balance: number;
  bookings: AdminBooking[];
  payments: AdminPayment[];
  transactions: WalletTransaction[];
  chats: ChatMeta[];
  teacher: { review_status: ReviewStatus; review_reason: string } | null;
};

export type PendingTeacher = {
  teacher: UserSummary;
  bio: string;
  video_url: string | null;
  documents: Array<{ id: number; name: string; url: string }>;
  levels: Array<{ language: string; level: string; regular_price: number; exam_price: number | null }>;
  requested_at: string;
};

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
type ProblemReport = components['schemas']['ProblemReport'];

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

export type AdminReview = {
  id: number;
  teacher: UserSummary;
  student: UserSummary;
  rating: number;
  comment: string;
  reply: string | { text: string } | null;
  created_at: string;
  hidden: boolean;
  hidden_reason: string;
};

export type Adjustment = { transaction_id: number; user: UserSummary; amount: number; balance: number };

export type LogEntry = components['schemas']['OperatorAction'];
