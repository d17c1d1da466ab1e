package sqlstore

import (
	"context"

	"github.com/zabano/zabano"
)

// CreatePhoneCode implements zabano.PhoneCodeStore.
func (db *DB) CreatePhoneCode(ctx context.Context, c *zabano.PhoneCode) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `INSERT INTO phone_codes (phone, hash, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			c.Phone, c.Hash, ms(tx.now), ms(c.ExpiresAt))
		return err
	})
}

// ConsumePhoneCode implements zabano.PhoneCodeStore.
func (db *DB) ConsumePhoneCode(ctx context.Context, phone, codeHash string) error {
	return db.write(ctx, func(tx *Tx) error { return consumeCode(ctx, tx, phone, codeHash) })
}
