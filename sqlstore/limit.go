package sqlstore

import (
	"cmp"
	"context"
	"time"

	"github.com/zabano/zabano"
)

// Take implements zabano.Limiter.
func (db *DB) Take(ctx context.Context, key string, max int, window time.Duration) error {
	return db.write(ctx, func(tx *Tx) error { return take(ctx, tx, key, max, window) })
}

// take is Take in tx, for writes that count themselves.
func take(ctx context.Context, tx *Tx, key string, max int, window time.Duration) error {
	// SQLite's IMMEDIATE transactions already run one at a time; PostgreSQL
	// needs a lock per key, or two processes could both take the last place.
	if err := lockKeys(ctx, tx, key); err != nil {
		return err
	}
	// One statement counts and takes a place; only a refusal reads when the
	// oldest place frees.
	res, err := tx.exec(ctx, `INSERT INTO rate_events (key, at)
		SELECT ?, CAST(? AS BIGINT) WHERE (SELECT count(*) FROM rate_events WHERE key = ? AND at > ?) < ?`,
		key, ms(tx.now), key, ms(tx.now.Add(-window)), max)
	if err != nil {
		return err
	}
	if took, err := res.RowsAffected(); err != nil || took == 1 {
		return err
	}
	// Refused: the next place frees when the oldest counted one leaves the window.
	var oldest *int64
	if err := tx.queryRow(ctx, `SELECT min(at) FROM rate_events WHERE key = ? AND at > ?`,
		key, ms(tx.now.Add(-window))).Scan(&oldest); err != nil || oldest == nil {
		return cmp.Or(err, zabano.TooMany(0))
	}
	return zabano.TooMany(fromMS(*oldest).Add(window).Sub(tx.now))
}

// Return implements zabano.Limiter. Events have no id of their own: the
// row's physical address picks exactly one of several alike.
func (db *DB) Return(ctx context.Context, key string) error {
	return db.write(ctx, func(tx *Tx) error {
		if err := lockKeys(ctx, tx, key); err != nil {
			return err
		}
		row := "rowid"
		if tx.pg {
			row = "ctid"
		}
		_, err := tx.exec(ctx, `DELETE FROM rate_events WHERE `+row+` = (SELECT `+row+` FROM rate_events
			WHERE key = ? ORDER BY at DESC LIMIT 1)`, key)
		return err
	})
}

// Clear implements zabano.Limiter.
func (db *DB) Clear(ctx context.Context, key string) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `DELETE FROM rate_events WHERE key = ?`, key)
		return err
	})
}

// PruneRateEvents deletes events older than the longest window any limit uses.
// The server runs it now and then so that the table stays small.
func (db *DB) PruneRateEvents(ctx context.Context, longest time.Duration) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `DELETE FROM rate_events WHERE at <= ?`, ms(tx.now.Add(-longest)))
		return err
	})
}
