// The console's screens, loaded together the first time an operator opens
// /admin: one chunk, so the route table names one file for all of them.
export { AdminOverviewRoute } from './overview';
export { AdminUsersRoute, AdminUserRoute } from './users';
export { AdminTeachersRoute } from './teachers';
export { AdminWithdrawalsRoute } from './withdrawals';
export { AdminPaymentsRoute } from './payments';
export { AdminDisputesRoute, AdminDisputeRoute } from './disputes';
export { AdminAdjustmentsRoute } from './adjustments';
export { AdminReviewsRoute } from './reviews';
export { AdminCommissionRoute } from './commission';
export { AdminAuditRoute } from './audit';
export { AdminLogRoute } from './log';
export { AdminDeliveriesRoute } from './deliveries';
