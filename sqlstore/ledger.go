package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/zabano/zabano"
)

// PostTransaction writes t to the ledger as a database transaction of its
// own, setting its ID and CreatedAt. Money that moves together with other
// writes (a booking debiting its student) goes through post inside that
// writer's transaction instead, so that both happen or neither does.
func (db *DB) PostTransaction(ctx context.Context, t *zabano.LedgerTransaction) error {
	return db.write(ctx, func(tx *Tx) error { return post(ctx, tx, t) })
}

// post writes t within tx: the transaction, its entries, and each account's
// cached balance. A debit that would take a user's account (wallet, escrow,
// withdrawals) below zero fails with ECONFLICT, and the caller's transaction must
// then roll back. The check and the write are one conditional UPDATE, so no
// concurrent transaction can slip in between them.
func post(ctx context.Context, tx *Tx, t *zabano.LedgerTransaction) error {
	if err := t.Validate(); err != nil {
		return err
	}
	// Every writer opens and locks accounts in one order, by kind and user,
	// so that two transactions over the same accounts cannot deadlock on
	// PostgreSQL: neither on the unique index while opening them, nor on the
	// rows.
	entries := slices.Clone(t.Entries)
	slices.SortFunc(entries, func(a, b zabano.Entry) int {
		return cmp.Or(cmp.Compare(a.Account.Kind, b.Account.Kind), cmp.Compare(a.Account.UserID, b.Account.UserID))
	})
	ids := make([]int64, len(entries))
	for i, e := range entries {
		var err error
		if ids[i], err = move(ctx, tx, e); err != nil {
			return err
		}
	}
	t.CreatedAt = tx.now
	var booking any // NULL for money that moved for no class
	if t.BookingID != 0 {
		booking = t.BookingID
	}
	if err := tx.queryRow(ctx, `INSERT INTO ledger_transactions (type, description, booking_id, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
		t.Type, t.Description, booking, ms(t.CreatedAt)).Scan(&t.ID); err != nil {
		return err
	}
	args := make([]any, 0, 3*len(entries))
	for i, e := range entries {
		args = append(args, t.ID, ids[i], e.Amount)
	}
	_, err := tx.exec(ctx, `INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES `+valueRows(len(entries), 3), args...)
	return err
}

// isInsufficient reports whether err is post's refusal of a debit the
// account cannot pay.
func isInsufficient(err error) bool {
	var e *zabano.Error
	return errors.As(err, &e) && e.Code == zabano.ECONFLICT && e.Message == zabano.MsgInsufficientBalance
}

// move adds e's amount to the cached balance of its account, opening the
// account first if it is not open, and returns the account's id. The check
// that a user's account stays at zero or above is in the UPDATE. One that
// changes no row is tried once more, the account opened first if it is not
// there: another transaction may have opened it since the first UPDATE
// began, and only the second, which sees every account open, refuses.
func move(ctx context.Context, tx *Tx, e zabano.Entry) (int64, error) {
	where, key := accountKey(e.Account)
	q := `UPDATE ledger_accounts SET balance = balance + ? WHERE ` + where + `
		AND (balance + ? >= 0 OR kind IN ('gateway', 'platform')) RETURNING id`
	args := append(append([]any{e.Amount}, key...), e.Amount)
	for again := false; ; again = true {
		var id int64
		err := tx.queryRow(ctx, q, args...).Scan(&id)
		if !errors.Is(err, sql.ErrNoRows) {
			return id, err
		} else if again {
			return 0, zabano.Errorf(zabano.ECONFLICT, zabano.MsgInsufficientBalance)
		}
		if _, err = findBalance(ctx, tx, e.Account); errors.Is(err, sql.ErrNoRows) {
			// A concurrent transaction may open the same account: the unique
			// index lets one insert win, and the UPDATE then finds the winner's row.
			_, err = tx.exec(ctx, `INSERT INTO ledger_accounts (kind, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
				e.Account.Kind, userRef(e.Account))
		}
		if err != nil {
			return 0, err
		}
	}
}

// accountKey is the condition on ledger_accounts that finds account a, and
// its arguments: the system's accounts have no user, and a NULL is not
// found by equality.
func accountKey(a zabano.Account) (string, []any) {
	if a.UserID == 0 {
		return `kind = ? AND user_id IS NULL`, []any{a.Kind}
	}
	return `kind = ? AND user_id = ?`, []any{a.Kind, a.UserID}
}

// userRef is the user_id column of account a: NULL for the system's accounts.
func userRef(a zabano.Account) any {
	if a.UserID == 0 {
		return nil
	}
	return a.UserID
}

// balanceOf is the balance of account a: 0 before it is opened.
func balanceOf(ctx context.Context, tx *Tx, a zabano.Account) (int64, error) {
	b, err := findBalance(ctx, tx, a)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return b, err
}

func findBalance(ctx context.Context, tx *Tx, a zabano.Account) (b int64, err error) {
	where, key := accountKey(a)
	err = tx.queryRow(ctx, `SELECT balance FROM ledger_accounts WHERE `+where, key...).Scan(&b)
	return b, err
}

// lockedBalance is balanceOf, holding the account's row until tx ends on
// PostgreSQL (SQLite's writer already runs one transaction at a time), so
// that what the caller decides on the balance still holds when it posts.
func lockedBalance(ctx context.Context, tx *Tx, a zabano.Account) (int64, error) {
	if tx.pg {
		where, key := accountKey(a)
		_, err := tx.exec(ctx, `SELECT id FROM ledger_accounts WHERE `+where+` FOR UPDATE`, key...)
		if err != nil {
			return 0, err
		}
	}
	return balanceOf(ctx, tx, a)
}

// AuditLedger lists every way the ledger breaks its rules (ledgerChecks).
// It reads every entry: a check for tests, operators and crash recovery, not
// for requests.
func (db *DB) AuditLedger(ctx context.Context) ([]string, error) {
	return db.audit(ctx, ledgerChecks())
}

// Audit implements zabano.Auditor: every audit, in one read transaction, so
// that its findings describe one moment, the report's CheckedAt.
func (db *DB) Audit(ctx context.Context) (report *zabano.AuditReport, err error) {
	groups := []struct {
		name   string
		checks []auditCheck
	}{
		{zabano.AuditLedger, ledgerChecks()},
		{zabano.AuditBookings, bookingChecks()},
		{zabano.AuditWithdrawals, withdrawalChecks()},
		{zabano.AuditPayments, paymentChecks()},
	}
	err = db.read(ctx, func(tx *Tx) error {
		report = &zabano.AuditReport{CheckedAt: tx.now, Findings: []zabano.AuditFinding{}}
		for _, g := range groups {
			var problems []string
			for _, c := range g.checks {
				if err := auditRows(ctx, tx, c, &problems); err != nil {
					return err
				}
			}
			for _, p := range problems {
				report.Findings = append(report.Findings, zabano.AuditFinding{Check: g.name, Message: p})
			}
		}
		return nil
	})
	return report, err
}

// ledgerChecks find a transaction with fewer than two entries or whose
// entries do not sum to zero, a cached balance that is not the sum of its
// account's entries, a user's account below zero, and balances that do not
// sum to zero overall.
func ledgerChecks() []auditCheck {
	return []auditCheck{
		{what: "transaction %d: %d entries summing to %d", q: `SELECT t.id, COUNT(e.id), CAST(COALESCE(SUM(e.amount), 0) AS BIGINT)
			FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
			GROUP BY t.id HAVING COUNT(e.id) < 2 OR COALESCE(SUM(e.amount), 0) <> 0`},
		{what: "account %d: cached balance %d, entries sum to %d", q: `SELECT a.id, a.balance, CAST(COALESCE(SUM(e.amount), 0) AS BIGINT)
			FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
			GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(e.amount), 0)`},
		{what: "account %d: balance %d below zero", q: `SELECT id, balance FROM ledger_accounts WHERE balance < 0 AND user_id IS NOT NULL`},
		{what: "all accounts (%d) sum to %d, not 0", q: `SELECT COUNT(*), CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM ledger_accounts
			HAVING COALESCE(SUM(balance), 0) <> 0`},
	}
}

// bookingChecks find a booking whose student's wallet was not debited its
// price into escrow exactly once, or whose escrow does not hold its price
// while it is live and nothing once it is settled or refunded; escrow money
// that no booking of its student names; a slot with two live bookings, or
// whose booked flag says otherwise than its bookings; a class done whose
// platform share is not the commission of what its teacher was paid
// (zabano.SplitClassPayment: the price less the student's refunds). A
// booking's ledger transactions are those that name it (booking_id).
func bookingChecks() []auditCheck {
	live := []any{zabano.StatusBooked, zabano.StatusCancelPending, zabano.StatusDone}
	return []auditCheck{
		{what: "booking %d of price %d: %d debits of its student's wallet into escrow, paying %d; escrow holds %d, want %d",
			q: `SELECT b.id, b.price,
				CAST(COALESCE(SUM(CASE WHEN a.kind = 'wallet' AND e.amount < 0 THEN 1 ELSE 0 END), 0) AS BIGINT),
				CAST(COALESCE(SUM(CASE WHEN a.kind = 'wallet' AND e.amount < 0 THEN -e.amount ELSE 0 END), 0) AS BIGINT),
				CAST(COALESCE(SUM(CASE WHEN a.kind = 'escrow' THEN e.amount ELSE 0 END), 0) AS BIGINT),
				CASE WHEN b.status IN (?, ?) THEN b.price ELSE 0 END
			FROM bookings b
			LEFT JOIN ledger_transactions t ON t.booking_id = b.id
			LEFT JOIN ledger_entries e ON e.transaction_id = t.id
			LEFT JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id = b.student_id
			GROUP BY b.id, b.price, b.status`,
			args: []any{zabano.StatusBooked, zabano.StatusCancelPending},
			bad:  func(v []int64) bool { return v[2] != 1 || v[3] != v[1] || v[4] != v[5] }},
		{what: "ledger transaction %d moves %d in the escrow of user %d, for no booking of theirs",
			q: `SELECT t.id, e.amount, a.user_id FROM ledger_transactions t
			JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
			LEFT JOIN bookings b ON b.id = t.booking_id AND b.student_id = a.user_id
			WHERE a.kind = 'escrow' AND b.id IS NULL`},
		{what: "slot %d has %d live bookings",
			q: `SELECT slot_id, COUNT(*) FROM bookings WHERE slot_id IS NOT NULL AND status IN (?, ?, ?)
			GROUP BY slot_id HAVING COUNT(*) > 1`, args: live},
		{what: "slot %d: booked is %d, with %d live bookings",
			q: `SELECT s.id, CASE WHEN s.booked THEN 1 ELSE 0 END,
				(SELECT COUNT(*) FROM bookings b WHERE b.slot_id = s.id AND b.status IN (?, ?, ?))
			FROM slots s`,
			args: live, bad: func(v []int64) bool { return (v[1] == 1) != (v[2] > 0) }},
		{what: "booking %d of price %d at %d%% commission: the platform got %d, want %d",
			q: `SELECT b.id, b.price, b.commission_percent,
				CAST(COALESCE(SUM(CASE WHEN a.kind = 'platform' THEN e.amount ELSE 0 END), 0) AS BIGINT),
				(b.price - CAST(COALESCE(SUM(CASE WHEN a.kind = 'wallet' AND a.user_id = b.student_id AND e.amount > 0 THEN e.amount ELSE 0 END), 0) AS BIGINT))
					* b.commission_percent / 100
			FROM bookings b
			JOIN ledger_transactions t ON t.booking_id = b.id
			JOIN ledger_entries e ON e.transaction_id = t.id
			JOIN ledger_accounts a ON a.id = e.account_id
			WHERE b.status = ?
			GROUP BY b.id, b.price, b.commission_percent`,
			args: []any{zabano.StatusDone}, bad: func(v []int64) bool { return v[3] != v[4] }},
	}
}

// auditCheck is a query whose rows, all whole numbers, are problems worded
// by what; with bad, only the rows it picks are.
type auditCheck struct {
	what, q string
	args    []any
	bad     func([]int64) bool
}

// audit runs checks in one read transaction and words the problems they find.
func (db *DB) audit(ctx context.Context, checks []auditCheck) (problems []string, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		problems = nil
		for _, c := range checks {
			if err := auditRows(ctx, tx, c, &problems); err != nil {
				return err
			}
		}
		return nil
	})
	return problems, err
}

func auditRows(ctx context.Context, tx *Tx, c auditCheck, problems *[]string) error {
	rows, err := tx.query(ctx, c.q, c.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	v := make([]int64, len(cols))
	ptrs := make([]any, len(cols))
	for i := range v {
		ptrs[i] = &v[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if c.bad != nil && !c.bad(v) {
			continue
		}
		args := make([]any, len(v))
		for i := range v {
			args[i] = v[i]
		}
		*problems = append(*problems, fmt.Sprintf(c.what, args...))
	}
	return rows.Err()
}
