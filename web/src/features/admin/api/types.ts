// The shapes of the operator's API, as docs/openapi.yaml describes them.
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

/** AdminPayment is a gateway payment in the operator's list. */
export type AdminPayment = Schemas['AdminPayment'];
export type PaymentStatus = AdminPayment['status'];

/** UserDetail is a user's page: classes, payments, transactions, chats' metadata, a teacher's review. */
export type UserDetail = Schemas['UserDetail'];
export type AdminBooking = UserDetail['bookings'][number];
export type BookingStatus = AdminBooking['status'];
export type WalletTransaction = Schemas['WalletTransaction'];
export type ReviewStatus = Schemas['ReviewStatus'];

export type PendingTeacher = Schemas['PendingTeacher'];
export type AdminReview = Schemas['AdminReview'];

export type AdminWithdrawal = Schemas['AdminWithdrawal'];
export type WithdrawalStatus = AdminWithdrawal['status'];

export type Dispute = Schemas['Dispute'];
export type DisputeDetail = Schemas['DisputeDetail'];
export type DisputeStatus = Dispute['status'];
export type RefundPercent = NonNullable<Dispute['refund_percent']>;
export type DisputeMessage = DisputeDetail['messages'][number];

export type Commission = Schemas['Commission'];

export type LogEntry = Schemas['OperatorAction'];

/** FailedDelivery is a notification the worker could not send by one channel after every try. */
export type FailedDelivery = Schemas['FailedDelivery'];
