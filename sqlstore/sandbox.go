package sqlstore

import (
	"context"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/payment"
)

var msgSandboxPaymentNotFound = zabano.Msg{En: "Payment not found.", Fa: "پرداخت یافت نشد."}

// CreateSandboxPayment implements payment.SandboxStore.
func (db *DB) CreateSandboxPayment(ctx context.Context, p *payment.SandboxPayment) error {
	return db.write(ctx, func(tx *Tx) error {
		p.Status, p.CreatedAt = payment.SandboxPending, tx.now
		return tx.queryRow(ctx, `INSERT INTO sandbox_payments (authority, amount, description, callback_url, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
			p.Authority, p.Amount, p.Description, p.CallbackURL, p.Status, ms(p.CreatedAt)).Scan(&p.ID)
	})
}

// FindSandboxPayment implements payment.SandboxStore.
func (db *DB) FindSandboxPayment(ctx context.Context, authority string) (*payment.SandboxPayment, error) {
	var p payment.SandboxPayment
	err := db.read(ctx, func(tx *Tx) error {
		var created int64
		err := tx.queryRow(ctx, `SELECT id, authority, amount, description, callback_url, status, created_at
			FROM sandbox_payments WHERE authority = ?`, authority).
			Scan(&p.ID, &p.Authority, &p.Amount, &p.Description, &p.CallbackURL, &p.Status, &created)
		p.CreatedAt = fromMS(created)
		return notFound(err, msgSandboxPaymentNotFound)
	})
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// MoveSandboxPayment implements payment.SandboxStore.
func (db *DB) MoveSandboxPayment(ctx context.Context, authority string, from, to payment.SandboxStatus) (bool, error) {
	var moved bool
	err := db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE sandbox_payments SET status = ? WHERE authority = ? AND status = ?`, to, authority, from)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		moved = n == 1
		return err
	})
	return moved, err
}
