package sqlstore

import (
	"context"
	"strconv"

	"github.com/zabano/zabano"
)

// AddUpload implements zabano.UploadStore.
func (db *DB) AddUpload(ctx context.Context, userID int64, key string, size, quota int64) error {
	return db.write(ctx, func(tx *Tx) error {
		// Two uploads of one user must not both take the last free bytes.
		if err := lockKeys(ctx, tx, "uploads:"+strconv.FormatInt(userID, 10)); err != nil {
			return err
		}
		var used int64
		err := tx.queryRow(ctx, `SELECT CAST(coalesce(sum(bytes), 0) AS BIGINT) FROM uploads WHERE user_id = ?`, userID).Scan(&used)
		if err != nil {
			return err
		}
		if used+size > quota {
			return zabano.QuotaFull(quota)
		}
		_, err = tx.exec(ctx, `INSERT INTO uploads (key, user_id, bytes) VALUES (?, ?, ?)`, key, userID, size)
		return err
	})
}

// RemoveUploads implements zabano.UploadStore.
func (db *DB) RemoveUploads(ctx context.Context, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	return db.write(ctx, func(tx *Tx) error {
		for _, key := range keys {
			if _, err := tx.exec(ctx, `DELETE FROM uploads WHERE key = ?`, key); err != nil {
				return err
			}
		}
		return nil
	})
}
