package sqlstore

import (
	"context"
	"fmt"

	"github.com/zabano/zabano"
)

// commission is the commission in percent in force in tx.
func commission(ctx context.Context, tx *Tx) (percent int, err error) {
	err = tx.queryRow(ctx, `SELECT commission_percent FROM settings WHERE id = 1`).Scan(&percent)
	return percent, err
}

// Commission implements zabano.SettingsStore.
func (db *DB) Commission(ctx context.Context) (percent int, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		percent, err = commission(ctx, tx)
		return err
	})
	return percent, err
}

// SetCommission implements zabano.SettingsStore. The log row says the change,
// from the percent before to the new one.
func (db *DB) SetCommission(ctx context.Context, by int64, percent int) error {
	return db.write(ctx, func(tx *Tx) error {
		var before int
		if err := tx.queryRow(ctx, `SELECT commission_percent FROM settings WHERE id = 1`+forUpdate(tx)).Scan(&before); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE settings SET commission_percent = ? WHERE id = 1`, percent); err != nil {
			return err
		}
		return logAction(ctx, tx, by, zabano.ActionSetCommission, zabano.ObjectSettings, 1, fmt.Sprintf("%d%% → %d%%", before, percent))
	})
}

// forUpdate locks the rows a SELECT reads until tx ends, on PostgreSQL;
// SQLite's writer already runs one transaction at a time.
func forUpdate(tx *Tx) string {
	if tx.pg {
		return ` FOR UPDATE`
	}
	return ``
}
