package sqlstore

import (
	"context"
	"database/sql"

	"github.com/zabano/zabano"
)

// Adjust implements zabano.AdjustmentStore. A debit locks the wallet's row
// before it reads the balance, so that two debits at once take turns: the
// second sees what the first left, and is refused if it is not enough.
func (db *DB) Adjust(ctx context.Context, a *zabano.Adjustment) error {
	return db.write(ctx, func(tx *Tx) error {
		var deleted sql.NullInt64
		u := &a.User
		err := tx.queryRow(ctx, `SELECT `+summaryColumns("u")+`, u.deleted_at FROM users u WHERE u.id = ?`, a.UserID).
			Scan(append(summaryOf(u), &deleted)...)
		switch {
		case err != nil:
			return notFound(err, msgUserNotFound)
		case !u.Role.Member():
			return zabano.FieldError("user_id", zabano.MsgAdjustMembersOnly)
		case deleted.Valid:
			return zabano.FieldError("user_id", zabano.MsgAdjustDeleted)
		}
		wallet := zabano.WalletOf(a.UserID)
		t := zabano.Transfer(zabano.TxBonus, zabano.PlatformAccount, wallet, a.Amount, a.Reason)
		if a.Amount < 0 {
			balance, err := lockedBalance(ctx, tx, wallet)
			if err != nil {
				return err
			}
			if balance+a.Amount < 0 {
				return zabano.Errorf(zabano.ECONFLICT, zabano.MsgAdjustBelowZero, u.Username, zabano.Tomans(balance), zabano.Tomans(-a.Amount))
			}
			t = zabano.Transfer(zabano.TxOther, wallet, zabano.PlatformAccount, -a.Amount, a.Reason)
		}
		if err := post(ctx, tx, t); err != nil {
			return err
		}
		a.TransactionID, a.CreatedAt = t.ID, tx.now
		if err := tx.queryRow(ctx, `INSERT INTO adjustments (user_id, admin_id, amount, reason, transaction_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, a.UserID, a.AdminID, a.Amount, a.Reason, t.ID, ms(tx.now)).Scan(&a.ID); err != nil {
			return err
		}
		if err := logAction(ctx, tx, a.AdminID, zabano.ActionAdjustment, zabano.ObjectUser, a.UserID, a.Reason); err != nil {
			return err
		}
		a.Balance, err = balanceOf(ctx, tx, wallet)
		return err
	})
}
