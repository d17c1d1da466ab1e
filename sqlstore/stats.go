package sqlstore

import "context"

// LedgerCounts counts ledger transactions by type. Metrics read the
// database, so every process reports the same, true figures.
func (db *DB) LedgerCounts(ctx context.Context) (map[string]int64, error) {
	return db.counts(ctx, `SELECT type, count(*) FROM ledger_transactions GROUP BY type`)
}

// PaymentCounts counts card payments by status (pending, paid, expired, failed).
func (db *DB) PaymentCounts(ctx context.Context) (map[string]int64, error) {
	return db.counts(ctx, `SELECT status, count(*) FROM payments GROUP BY status`)
}

func (db *DB) counts(ctx context.Context, q string) (c map[string]int64, err error) {
	c = map[string]int64{}
	err = db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k string
			var n int64
			if err := rows.Scan(&k, &n); err != nil {
				return err
			}
			c[k] = n
		}
		return rows.Err()
	})
	return c, err
}
