package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/zabano/zabano"
)

var msgPaymentNotFound = zabano.Msg{En: "Payment not found.", Fa: "پرداخت یافت نشد."}

const paymentColumns = `id, user_id, amount, description, mobile, email, authority, status,
	ref_id, card_pan, created_at, paid_at`

func scanPayment(row interface{ Scan(...any) error }) (*zabano.Payment, error) {
	var p zabano.Payment
	var created int64
	var ref, paid sql.NullInt64
	err := row.Scan(&p.ID, &p.UserID, &p.Amount, &p.Description, &p.Mobile, &p.Email, &p.Authority, &p.Status,
		&ref, &p.CardPAN, &created, &paid)
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
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE authority = ?`, authority))
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
		// Of any number of concurrent completions, the conditional UPDATE lets
		// exactly one through to the credit; the others find the payment paid.
		var id, user, amount int64
		var description string
		err := tx.queryRow(ctx, `UPDATE payments SET status = 'paid', ref_id = ?, card_pan = ?, paid_at = ?
			WHERE authority = ? AND status <> 'paid' RETURNING id, user_id, amount, description`,
			v.RefID, v.CardPAN, ms(tx.now), authority).Scan(&id, &user, &amount, &description)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return err
		default:
			t := zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(user), amount, description)
			if err := post(ctx, tx, t); err != nil {
				return err
			}
			if _, err := tx.exec(ctx, `UPDATE payments SET transaction_id = ? WHERE id = ?`, t.ID, id); err != nil {
				return err
			}
		}
		p, err = findPayment(ctx, tx, authority)
		return err
	})
	return p, err
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
