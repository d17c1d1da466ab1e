package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

var msgPaymentNotFound = zabano.Msg{En: "Payment not found.", Fa: "پرداخت یافت نشد."}

const paymentColumns = `p.id, p.user_id, p.amount, p.description, p.mobile, p.email, p.authority, p.status,
	p.ref_id, p.card_pan, p.created_at, p.paid_at`

func scanPayment(row interface{ Scan(...any) error }, extra ...any) (*zabano.Payment, error) {
	var p zabano.Payment
	var created int64
	var ref, paid sql.NullInt64
	err := row.Scan(append([]any{&p.ID, &p.UserID, &p.Amount, &p.Description, &p.Mobile, &p.Email, &p.Authority, &p.Status,
		&ref, &p.CardPAN, &created, &paid}, extra...)...)
	if err != nil {
		return nil, notFound(err, msgPaymentNotFound)
	}
	p.RefID = ref.Int64
	p.CreatedAt = fromMS(created)
	if paid.Valid {
		p.PaidAt = fromMS(paid.Int64)
	}
	return &p, nil
}

func findPayment(ctx context.Context, tx *Tx, authority string) (*zabano.Payment, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments p WHERE p.authority = ?`, authority))
}

// CreatePayment implements zabano.PaymentStore.
func (db *DB) CreatePayment(ctx context.Context, p *zabano.Payment) error {
	return db.write(ctx, func(tx *Tx) error {
		p.Status, p.CreatedAt = zabano.PaymentPending, tx.now
		return tx.queryRow(ctx, `INSERT INTO payments (user_id, amount, description, mobile, email, authority, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			p.UserID, p.Amount, p.Description, p.Mobile, p.Email, p.Authority, p.Status, ms(p.CreatedAt)).Scan(&p.ID)
	})
}

// FindPayment implements zabano.PaymentStore.
func (db *DB) FindPayment(ctx context.Context, authority string) (*zabano.Payment, error) {
	var p *zabano.Payment
	err := db.read(ctx, func(tx *Tx) (err error) {
		p, err = findPayment(ctx, tx, authority)
		return err
	})
	return p, err
}

// CompletePayment implements zabano.PaymentStore. An expired payment is
// completed too: the gateway's confirmation is the truth, and the expiry job
// may have run while the gateway was being asked.
func (db *DB) CompletePayment(ctx context.Context, authority string, v *zabano.GatewayVerification) (*zabano.Payment, error) {
	var p *zabano.Payment
	err := db.write(ctx, func(tx *Tx) error {
		if _, err := completePayment(ctx, tx, authority, v); err != nil {
			return err
		}
		var err error
		p, err = findPayment(ctx, tx, authority)
		return err
	})
	return p, err
}

// completePayment marks the payment of authority paid with the gateway's
// receipt v and credits its wallet, unless it is paid already; it reports
// whether it did. Of any number of concurrent completions the conditional
// UPDATE lets exactly one through to the credit.
func completePayment(ctx context.Context, tx *Tx, authority string, v *zabano.GatewayVerification) (bool, error) {
	var id, user, amount int64
	var description string
	err := tx.queryRow(ctx, `UPDATE payments SET status = 'paid', ref_id = ?, card_pan = ?, paid_at = ?
		WHERE authority = ? AND status <> 'paid' RETURNING id, user_id, amount, description`,
		v.RefID, v.CardPAN, ms(tx.now), authority).Scan(&id, &user, &amount, &description)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	t := zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(user), amount, description)
	if err := post(ctx, tx, t); err != nil {
		return false, err
	}
	if _, err = tx.exec(ctx, `UPDATE payments SET transaction_id = ? WHERE id = ?`, t.ID, id); err != nil {
		return false, err
	}
	return true, notifyUser(ctx, tx, user, zabano.KindPaymentCredited, zabano.ObjectPayment, id, zabano.NotificationData{Amount: amount})
}

// ReverifyPayment implements zabano.PaymentStore. The log row's reason is
// the gateway's answer, which the operator acted on.
func (db *DB) ReverifyPayment(ctx context.Context, authority string, by int64, v *zabano.GatewayVerification, final bool) (*zabano.Payment, error) {
	var p *zabano.Payment
	err := db.write(ctx, func(tx *Tx) error {
		if v.Paid {
			credited, err := completePayment(ctx, tx, authority, v)
			if err != nil {
				return err
			}
			if !credited {
				return zabano.Errorf(zabano.ECONFLICT, zabano.MsgPaymentCredited)
			}
		} else if final {
			if _, err := tx.exec(ctx, `UPDATE payments SET status = ? WHERE authority = ? AND status IN (?, ?)`,
				zabano.PaymentFailed, authority, zabano.PaymentPending, zabano.PaymentExpired); err != nil {
				return err
			}
		}
		var err error
		if p, err = scanPaymentWithPayer(tx.queryRow(ctx, paymentWithPayer+` WHERE p.authority = ?`, authority)); err != nil {
			return err
		}
		answer := fmt.Sprintf("gateway %d", v.Code)
		if v.Message != "" {
			answer += ": " + v.Message
		}
		return logAction(ctx, tx, by, zabano.ActionReverifyPayment, zabano.ObjectPayment, p.ID, answer)
	})
	return p, err
}

// paymentWithPayer reads payments with their payers, for operators.
var paymentWithPayer = `SELECT ` + paymentColumns + `, ` + summaryColumns("u") + ` FROM payments p JOIN users u ON u.id = p.user_id`

func scanPaymentWithPayer(row interface{ Scan(...any) error }) (*zabano.Payment, error) {
	var u zabano.User
	p, err := scanPayment(row, summaryOf(&u)...)
	if err != nil {
		return nil, err
	}
	p.User = u
	return p, nil
}

// Payments implements zabano.PaymentStore.
func (db *DB) Payments(ctx context.Context, status zabano.PaymentStatus, before int64, limit int) ([]zabano.Payment, error) {
	q := paymentWithPayer
	var where []string
	var args []any
	if status != "" {
		where, args = append(where, `p.status = ?`), append(args, status)
	}
	if before != 0 {
		where, args = append(where, `p.id < ?`), append(args, before)
	}
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	var list []zabano.Payment
	err := db.read(ctx, func(tx *Tx) error {
		list = []zabano.Payment{}
		return scanAll(ctx, tx, func(rows *sql.Rows) error {
			p, err := scanPaymentWithPayer(rows)
			if err == nil {
				list = append(list, *p)
			}
			return err
		}, q+` ORDER BY p.id DESC`+limitOffset(limit, 0), args...)
	})
	return list, err
}

// ExpirePayments implements zabano.PaymentStore. The WHERE on status makes it
// safe to run in several processes at once.
func (db *DB) ExpirePayments(ctx context.Context, cutoff time.Time) (int64, error) {
	var n int64
	err := db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE payments SET status = 'expired' WHERE status = 'pending' AND created_at <= ?`, ms(cutoff))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}

// paymentChecks find a card payment whose wallet credit is not what its
// status says: a paid one credited other than its amount, or not at all, or
// an unpaid one credited.
func paymentChecks() []auditCheck {
	return []auditCheck{
		{what: "payment %d of %d Toman, paid %d: its wallet was credited %d",
			q: `SELECT p.id, p.amount, CASE WHEN p.status = 'paid' THEN 1 ELSE 0 END, CAST(COALESCE(SUM(e.amount), 0) AS BIGINT)
			FROM payments p
			LEFT JOIN ledger_accounts a ON a.kind = 'wallet' AND a.user_id = p.user_id
			LEFT JOIN ledger_entries e ON e.transaction_id = p.transaction_id AND e.account_id = a.id
			GROUP BY p.id, p.amount, p.status`,
			bad: func(v []int64) bool { return v[3] != v[1]*v[2] }},
	}
}
