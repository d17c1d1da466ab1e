package sqlstore

import "context"

// Exec runs a statement in a write transaction, for tests that try what the
// stores never do.
func (db *DB) Exec(ctx context.Context, q string, args ...any) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, q, args...)
		return err
	})
}
