package sqlstore

import (
	"context"
	"database/sql"
	"strings"

	"github.com/zabano/zabano"
)

var msgNoOperator = zabano.Msg{En: "No operator has that username.", Fa: "اپراتوری با این نام کاربری نیست."}

// CreateOperator implements zabano.OperatorStore.
func (db *DB) CreateOperator(ctx context.Context, u *zabano.User) error {
	return db.write(ctx, func(tx *Tx) error {
		if err := checkTaken(ctx, tx, u); err != nil {
			return err
		}
		return insertUser(ctx, tx, u, "") // an operator has no teacher's profile
	})
}

// ListOperators implements zabano.OperatorStore.
func (db *DB) ListOperators(ctx context.Context) (list []zabano.User, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		list = nil
		return scanAll(ctx, tx, func(rows *sql.Rows) error {
			u, err := scanUser(rows)
			if err == nil {
				list = append(list, *u)
			}
			return err
		}, `SELECT `+userColumns+` FROM users WHERE role = 'admin' ORDER BY lower(username)`)
	})
	return list, err
}

// DisableOperator implements zabano.OperatorStore.
func (db *DB) DisableOperator(ctx context.Context, username, reason string) (u *zabano.User, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		u, err = scanUser(tx.queryRow(ctx, `UPDATE users
			SET suspended_at = COALESCE(suspended_at, ?), suspended_reason = ?, token_version = token_version + 1
			WHERE role = 'admin' AND lower(username) = lower(?) RETURNING `+userColumns, ms(tx.now), reason, username))
		if zabano.ErrorCode(err) == zabano.ENOTFOUND {
			return zabano.Errorf(zabano.ENOTFOUND, msgNoOperator)
		}
		return err
	})
	return u, err
}

// OperatorLog implements zabano.OperatorStore.
func (db *DB) OperatorLog(ctx context.Context, before int64, limit int) (list []zabano.OperatorAction, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		q := `SELECT l.id, l.admin_id, u.username, l.action, l.object_type, l.object_id, l.reason, l.created_at
			FROM operator_log l JOIN users u ON u.id = l.admin_id`
		args := []any{}
		if before != 0 {
			q += ` WHERE l.id < ?`
			args = append(args, before)
		}
		rows, err := tx.query(ctx, q+` ORDER BY l.id DESC`+limitOffset(limit, 0), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var a zabano.OperatorAction
			var at int64
			if err := rows.Scan(&a.ID, &a.AdminID, &a.AdminUsername, &a.Action, &a.ObjectType, &a.ObjectID, &a.Reason, &at); err != nil {
				return err
			}
			a.CreatedAt = fromMS(at)
			list = append(list, a)
		}
		return rows.Err()
	})
	return list, err
}

// logAction writes a row of the operator log in tx, the transaction of the
// change it records, so that no change is made without its row or the reverse.
func logAction(ctx context.Context, tx *Tx, adminID int64, action zabano.Action, object zabano.ObjectType, objectID int64, reason string) error {
	_, err := tx.exec(ctx, `INSERT INTO operator_log (admin_id, action, object_type, object_id, reason, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, adminID, action, object, objectID, strings.TrimSpace(reason), ms(tx.now))
	return err
}
