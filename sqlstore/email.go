package sqlstore

import (
	"context"

	"github.com/zabano/zabano"
)

// ConfirmEmail implements zabano.EmailStore. A second confirmation keeps the
// first's time.
func (db *DB) ConfirmEmail(ctx context.Context, userID int64, email string) (u *zabano.User, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		u, err = scanUser(tx.queryRow(ctx, `UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?)
			WHERE id = ? AND email = ? AND email <> '' AND deleted_at IS NULL RETURNING `+userColumns,
			ms(tx.now), userID, email))
		return err
	})
	return u, err
}

// setEmail gives user userID the email, when it is not nil: a new address
// is not verified, the same one stays as it was.
func setEmail(ctx context.Context, tx *Tx, userID int64, email *string) error {
	if email == nil {
		return nil
	}
	// The CASE reads the row as it was before this UPDATE.
	_, err := tx.exec(ctx, `UPDATE users SET email = ?,
		email_verified_at = CASE WHEN email = ? THEN email_verified_at END WHERE id = ?`, *email, *email, userID)
	return err
}
