package zabano

import (
	"context"
	"time"
)

// The audits an Auditor runs, by the name its findings carry.
const (
	// AuditLedger: every transaction balances, every cached balance is the
	// sum of its entries, no balance is below zero where none may be.
	AuditLedger = "ledger"
	// AuditBookings: each class's money is where its state says.
	AuditBookings = "bookings"
	// AuditWithdrawals: each user's money on its way to the bank is the sum
	// of their pending withdrawals.
	AuditWithdrawals = "withdrawals"
	// AuditPayments: each paid card payment was credited to its wallet, its
	// amount and once; no other was.
	AuditPayments = "payments"
)

// AuditFinding is one way the records break a rule.
type AuditFinding struct {
	Check   string
	Message string
}

// AuditReport is what the audits found at CheckedAt.
type AuditReport struct {
	CheckedAt time.Time
	Findings  []AuditFinding
}

// OK reports whether the audits found nothing.
func (r *AuditReport) OK() bool { return len(r.Findings) == 0 }

// Auditor runs every audit of the money records and the bookings, in one
// reading of the database. It reads every row: for the operator's console,
// the command line and cron jobs, not for each request.
type Auditor interface {
	Audit(ctx context.Context) (*AuditReport, error)
}
