package sqlstore

import (
	"context"

	"github.com/zabano/zabano"
)

// Exec runs a statement in a write transaction, for tests that try what the
// stores never do.
func (db *DB) Exec(ctx context.Context, q string, args ...any) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, q, args...)
		return err
	})
}

// ExecThen runs a statement and then then, in a write transaction that
// commits if then returns nil.
func (db *DB) ExecThen(ctx context.Context, q string, then func() error) error {
	return db.write(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, q); err != nil {
			return err
		}
		return then()
	})
}

// PendingWrites is how many writes wait for a group to commit them (SQLite).
func (db *DB) PendingWrites() int {
	db.group.mu.Lock()
	defer db.group.mu.Unlock()
	return len(db.group.pending)
}

// LogAction writes a row of the operator log, as each operator action does.
func (db *DB) LogAction(ctx context.Context, adminID int64, action zabano.Action, object zabano.ObjectType, objectID int64, reason string) error {
	return db.write(ctx, func(tx *Tx) error { return logAction(ctx, tx, adminID, action, object, objectID, reason) })
}

// Analyzed reports whether SQLite holds statistics of table.
func (db *DB) Analyzed(ctx context.Context, table string) (bool, error) {
	var n int
	err := db.reader.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_stat1 WHERE tbl = ?`, table).Scan(&n)
	return n > 0, err
}

// IndexSamples is how many samples of index values (STAT4) SQLite holds.
func (db *DB) IndexSamples(ctx context.Context) (n int, err error) {
	err = db.reader.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_stat4`).Scan(&n)
	return n, err
}

// SearchSegments is how many segments the FTS5 index holds (SQLite).
func (db *DB) SearchSegments(ctx context.Context, index string) (n int, err error) {
	err = db.reader.QueryRowContext(ctx, `SELECT count(DISTINCT segid) FROM `+index+`_idx`).Scan(&n)
	return n, err
}

// CodeTries is the tries counted on the newest code sent to phone.
func (db *DB) CodeTries(ctx context.Context, phone string) (n int, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		return tx.queryRow(ctx, `SELECT tries FROM phone_codes WHERE phone = ? ORDER BY id DESC LIMIT 1`, phone).Scan(&n)
	})
	return n, err
}

// OpenAt opens dsn with the migrations up to version applied, for tests of
// the migrations after it.
func OpenAt(ctx context.Context, dsn string, version int64) (*DB, error) {
	db, err := connect(dsn)
	if err != nil {
		return nil, err
	}
	p, err := db.migrations(ctx)
	if err == nil {
		_, err = p.UpTo(ctx, version)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Count is the number of rows of table.
func (db *DB) Count(ctx context.Context, table string) (n int, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		return tx.queryRow(ctx, `SELECT count(*) FROM `+table).Scan(&n)
	})
	return n, err
}

// Prepared reports whether q is among the prepared statements of either pool.
func (db *DB) Prepared(q string) bool {
	return db.stmts[db.reader].get(q) != nil || db.stmts[db.writer].get(q) != nil
}

// CountsInOne runs a count of each table in one readOne.
func (db *DB) CountsInOne(ctx context.Context, tables ...string) ([]int, error) {
	counts := make([]int, len(tables))
	err := db.readOne(ctx, func(tx *Tx) error {
		for i, t := range tables {
			if err := tx.queryRow(ctx, `SELECT count(*) FROM `+t).Scan(&counts[i]); err != nil {
				return err
			}
		}
		return nil
	})
	return counts, err
}

// AccountBalance is the balance of account a: 0 before it is opened.
func (db *DB) AccountBalance(ctx context.Context, a zabano.Account) (b int64, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		b, err = balanceOf(ctx, tx, a)
		return err
	})
	return b, err
}

// AuditBookings lists every way bookings and the ledger disagree
// (bookingChecks), as the bookings part of Audit.
func (db *DB) AuditBookings(ctx context.Context) ([]string, error) {
	return db.audit(ctx, bookingChecks())
}

// HoldingKey runs fn while a write transaction holds lockKeys(key).
func (db *DB) HoldingKey(ctx context.Context, key string, fn func()) error {
	return db.write(ctx, func(tx *Tx) error {
		if err := lockKeys(ctx, tx, key); err != nil {
			return err
		}
		fn()
		return nil
	})
}
