package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// WalletBalance implements zabano.WalletStore.
func (db *DB) WalletBalance(ctx context.Context, id int64) (int64, error) {
	var b int64
	err := db.read(ctx, func(tx *Tx) (err error) {
		b, err = balanceOf(ctx, tx, zabano.WalletOf(id))
		return err
	})
	return b, err
}

// WalletTransactions implements zabano.WalletStore. A withdrawal's
// transactions carry the withdrawal's status; the rest are completed.
func (db *DB) WalletTransactions(ctx context.Context, id int64) ([]zabano.WalletTransaction, error) {
	list := []zabano.WalletTransaction{}
	err := db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, `SELECT t.id, t.type, e.amount, COALESCE(wr.status, ws.status, 'completed'),
				t.description, t.created_at
			FROM ledger_accounts a
			JOIN ledger_entries e ON e.account_id = a.id
			JOIN ledger_transactions t ON t.id = e.transaction_id
			LEFT JOIN withdrawals wr ON wr.request_transaction_id = t.id
			LEFT JOIN withdrawals ws ON ws.settle_transaction_id = t.id
			WHERE a.kind = 'wallet' AND a.user_id = ?
			ORDER BY t.id DESC`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var t zabano.WalletTransaction
			var created int64
			if err := rows.Scan(&t.ID, &t.Type, &t.Amount, &t.Status, &t.Description, &created); err != nil {
				return err
			}
			t.CreatedAt = fromMS(created)
			list = append(list, t)
		}
		return rows.Err()
	})
	return list, err
}

// WalletSummary implements zabano.WalletStore.
func (db *DB) WalletSummary(ctx context.Context, id int64, monthStart time.Time) (*zabano.WalletSummary, error) {
	var s zabano.WalletSummary
	err := db.read(ctx, func(tx *Tx) error {
		err := tx.queryRow(ctx, `SELECT
				COALESCE(SUM(CASE WHEN t.type = 'class_payment' THEN 1 ELSE 0 END), 0),
				CAST(COALESCE(SUM(e.amount), 0) AS BIGINT),
				CAST(COALESCE(SUM(CASE WHEN t.created_at >= ? THEN e.amount ELSE 0 END), 0) AS BIGINT)
			FROM ledger_accounts a
			JOIN ledger_entries e ON e.account_id = a.id
			JOIN ledger_transactions t ON t.id = e.transaction_id
			WHERE a.kind = 'wallet' AND a.user_id = ? AND e.amount > 0 AND t.type IN ('class_payment', 'bonus')`,
			ms(monthStart), id).Scan(&s.TotalClasses, &s.TotalEarnings, &s.ThisMonthEarnings)
		if err != nil {
			return err
		}
		if s.Balance, err = balanceOf(ctx, tx, zabano.WalletOf(id)); err != nil {
			return err
		}
		s.PendingWithdrawals, err = balanceOf(ctx, tx, zabano.WithdrawalsOf(id))
		return err
	})
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// RequestWithdrawal implements zabano.WalletStore.
func (db *DB) RequestWithdrawal(ctx context.Context, w *zabano.Withdrawal) error {
	return db.write(ctx, func(tx *Tx) error {
		w.Kind = zabano.KindWithdrawal
		return requestWithdrawal(ctx, tx, w)
	})
}

// RequestRefund implements zabano.WalletStore. The wallet's row is locked
// before its balance is read, so that the balance taken is the whole of it
// even as a top-up or another refund commits meanwhile: of two refunds at
// once, the second finds the wallet empty.
func (db *DB) RequestRefund(ctx context.Context, w *zabano.Withdrawal) error {
	return db.write(ctx, func(tx *Tx) error {
		balance, err := lockedBalance(ctx, tx, zabano.WalletOf(w.UserID))
		if err != nil {
			return err
		}
		if balance == 0 {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgRefundEmpty)
		}
		w.Kind, w.Amount = zabano.KindRefund, balance
		return requestWithdrawal(ctx, tx, w)
	})
}

// requestWithdrawal moves w.Amount from its user's wallet to their pending
// withdrawals and records w.
func requestWithdrawal(ctx context.Context, tx *Tx, w *zabano.Withdrawal) error {
	t := zabano.Transfer(zabano.TxWithdrawal, zabano.WalletOf(w.UserID), zabano.WithdrawalsOf(w.UserID), w.Amount, w.IBAN)
	if err := post(ctx, tx, t); err != nil {
		return err
	}
	w.Status, w.CreatedAt = zabano.WithdrawalPending, tx.now
	return tx.queryRow(ctx, `INSERT INTO withdrawals (user_id, kind, amount, iban, status, request_transaction_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		w.UserID, w.Kind, w.Amount, w.IBAN, w.Status, t.ID, ms(w.CreatedAt)).Scan(&w.ID)
}

var withdrawalColumns = `w.id, w.user_id, w.kind, w.amount, w.iban, w.status, w.created_at, w.settled_at,
	w.reference, w.reason, COALESCE(w.settled_by, 0), ` + summaryColumns("u")

func scanWithdrawal(row interface{ Scan(...any) error }) (*zabano.Withdrawal, error) {
	var w zabano.Withdrawal
	var created int64
	var settled sql.NullInt64
	if err := row.Scan(append([]any{&w.ID, &w.UserID, &w.Kind, &w.Amount, &w.IBAN, &w.Status, &created, &settled,
		&w.Reference, &w.Reason, &w.SettledBy}, summaryOf(&w.User)...)...); err != nil {
		return nil, notFound(err, zabano.MsgWithdrawalNotFound)
	}
	w.CreatedAt, w.SettledAt = fromMS(created), fromNullMS(settled)
	return &w, nil
}

// Withdrawals implements zabano.WalletStore.
func (db *DB) Withdrawals(ctx context.Context, f zabano.WithdrawalFilter) ([]zabano.Withdrawal, error) {
	var where []string
	var args []any
	if f.UserID != 0 {
		where, args = append(where, "w.user_id = ?"), append(args, f.UserID)
	}
	if f.Status != "" {
		where, args = append(where, "w.status = ?"), append(args, f.Status)
	}
	if f.Before != 0 {
		where, args = append(where, "w.id < ?"), append(args, f.Before)
	}
	q := `SELECT ` + withdrawalColumns + ` FROM withdrawals w JOIN users u ON u.id = w.user_id`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	if f.Oldest {
		q += " ORDER BY w.id"
	} else {
		q += " ORDER BY w.id DESC"
	}
	if f.Limit > 0 {
		q += limitOffset(f.Limit, 0)
	}
	list := []zabano.Withdrawal{}
	err := db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			w, err := scanWithdrawal(rows)
			if err != nil {
				return err
			}
			list = append(list, *w)
		}
		return rows.Err()
	})
	return list, err
}

func findWithdrawal(ctx context.Context, tx *Tx, id int64) (*zabano.Withdrawal, error) {
	return scanWithdrawal(tx.queryRow(ctx, `SELECT `+withdrawalColumns+`
		FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE w.id = ?`, id))
}

// PayWithdrawal implements zabano.WalletStore.
func (db *DB) PayWithdrawal(ctx context.Context, id, by int64, reference string) (*zabano.Withdrawal, error) {
	return db.settleWithdrawal(ctx, id, by, zabano.WithdrawalPaid, reference, "")
}

// RejectWithdrawal implements zabano.WalletStore.
func (db *DB) RejectWithdrawal(ctx context.Context, id, by int64, reason string) (*zabano.Withdrawal, error) {
	return db.settleWithdrawal(ctx, id, by, zabano.WithdrawalRejected, "", reason)
}

// settleWithdrawal moves pending withdrawal id to status, paid out to the
// gateway account or rejected back to its user's wallet, and records what
// operator by typed in the operator log (by 0: the command line, which has
// no operator and writes no row).
func (db *DB) settleWithdrawal(ctx context.Context, id, by int64, status zabano.WithdrawalStatus, reference, reason string) (*zabano.Withdrawal, error) {
	var w *zabano.Withdrawal
	err := db.write(ctx, func(tx *Tx) error {
		var settledBy any // NULL from the command line
		if by != 0 {
			settledBy = by
		}
		// The conditional UPDATE claims the withdrawal: of two operators
		// settling it at once, one wins and the other is told it is settled.
		var user, amount int64
		var iban string
		err := tx.queryRow(ctx, `UPDATE withdrawals SET status = ?, settled_at = ?, settled_by = ?, reference = ?, reason = ?
			WHERE id = ? AND status = 'pending' RETURNING user_id, amount, iban`,
			status, ms(tx.now), settledBy, reference, reason, id).Scan(&user, &amount, &iban)
		if errors.Is(err, sql.ErrNoRows) {
			cur, err := findWithdrawal(ctx, tx, id)
			if err != nil {
				return err
			}
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgWithdrawalSettled, id, cur.Status.Name())
		} else if err != nil {
			return err
		}
		dest, action, typed := zabano.GatewayAccount, zabano.ActionPayWithdrawal, reference
		if status == zabano.WithdrawalRejected {
			dest, action, typed = zabano.WalletOf(user), zabano.ActionRejectWithdrawal, reason
		}
		t := zabano.Transfer(zabano.TxWithdrawal, zabano.WithdrawalsOf(user), dest, amount, iban)
		if err := post(ctx, tx, t); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE withdrawals SET settle_transaction_id = ? WHERE id = ?`, t.ID, id); err != nil {
			return err
		}
		if by != 0 {
			if err := logAction(ctx, tx, by, action, zabano.ObjectWithdrawal, id, typed); err != nil {
				return err
			}
		}
		kind := zabano.KindWithdrawalPaid
		if status == zabano.WithdrawalRejected {
			kind = zabano.KindWithdrawalRejected
		}
		if err := notifyUser(ctx, tx, user, kind, zabano.ObjectWithdrawal, id, zabano.NotificationData{Amount: amount, Note: typed}); err != nil {
			return err
		}
		w, err = findWithdrawal(ctx, tx, id)
		return err
	})
	return w, err
}

// withdrawalChecks find a user whose pending-withdrawals account does not
// hold exactly the sum of their pending withdrawals: money on its way to a
// bank that no request names, or a request whose money is not on its way.
func withdrawalChecks() []auditCheck {
	return []auditCheck{
		{what: "user %d: the pending-withdrawals account holds %d, their pending withdrawals sum to %d",
			q: `SELECT u.user_id, CAST(COALESCE(MAX(a.balance), 0) AS BIGINT),
				CAST(COALESCE((SELECT SUM(w.amount) FROM withdrawals w WHERE w.user_id = u.user_id AND w.status = 'pending'), 0) AS BIGINT)
			FROM (SELECT user_id FROM ledger_accounts WHERE kind = 'withdrawals' UNION SELECT user_id FROM withdrawals) u
			LEFT JOIN ledger_accounts a ON a.kind = 'withdrawals' AND a.user_id = u.user_id
			GROUP BY u.user_id`,
			bad: func(v []int64) bool { return v[1] != v[2] }},
	}
}
