package zabano

import (
	"context"
	"time"
)

// Period is what happened on the marketplace since a day's or a month's start.
type Period struct {
	NewStudents   int
	NewTeachers   int
	ClassesBooked int
	ClassesDone   int
	// ToppedUp is the Toman card payments put into wallets.
	ToppedUp int64
	// PaidToTeachers is the Toman of teachers' withdrawals paid out to their banks.
	PaidToTeachers int64
}

// Overview is the head of the operator's console.
type Overview struct {
	Today, Month Period
	// Withdrawals waiting to be paid, and their Toman.
	WaitingWithdrawals int
	WaitingAmount      int64
	// OpenDisputes are problem reports the other side declined, waiting for
	// an operator.
	OpenDisputes int
	// PendingTeachers are the teachers in the review queue (PendingTeachers).
	PendingTeachers int
}

// TehranDayStart is the instant the day holding t began in Tehran.
func TehranDayStart(t time.Time) time.Time {
	y, m, d := t.In(Tehran).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, Tehran)
}

// Overview counts today's and this month's figures, the day in Tehran and
// the month the Persian calendar's, as teachers count "this month".
func (p *People) Overview(ctx context.Context) (*Overview, error) {
	now := p.Now()
	return p.Store.Overview(ctx, TehranDayStart(now), PersianMonthStart(now))
}
