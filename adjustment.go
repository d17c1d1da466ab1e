package zabano

import (
	"context"
	"time"
)

// Adjustment is an operator's credit (Amount above zero: a bonus, a
// correction) or debit (below zero) of a student's or a teacher's wallet,
// as a ledger transaction against the platform's account. The user reads
// Reason as the transaction's description in their wallet.
type Adjustment struct {
	ID      int64
	UserID  int64
	AdminID int64
	Amount  int64
	Reason  string
	// Set by the store: the user adjusted, the ledger transaction, and the
	// wallet's balance after it.
	User          User
	TransactionID int64
	Balance       int64
	CreatedAt     time.Time
}

// AdjustmentStore keeps adjustments. Each method is one transaction.
type AdjustmentStore interface {
	// Adjust moves a.Amount between a.UserID's wallet and the platform's
	// account, records a, writes its operator-log row, and sets what the
	// store sets. A debit beyond the wallet's balance fails with ECONFLICT
	// (MsgAdjustBelowZero), writing nothing; an unknown user with ENOTFOUND;
	// an operator or a deleted account with EINVALID on user_id.
	Adjust(ctx context.Context, a *Adjustment) error
}

// Answers of adjustments.
var (
	MsgAdjustBelowZero = Msg{
		"The wallet of %s holds %s Toman: a debit of %s Toman would take it below zero.",
		"کیف پول %s %s تومان موجودی دارد: برداشت %s تومان آن را منفی می‌کند.",
	}
	MsgAdjustMembersOnly = Msg{"Only students' and teachers' wallets can be adjusted.", "فقط کیف پول زبان‌آموزان و استادان قابل اصلاح است."}
	MsgAdjustDeleted     = Msg{"This account was deleted: its wallet cannot be adjusted.", "این حساب حذف شده است و کیف پول آن قابل اصلاح نیست."}
	msgUserRequired      = Msg{"Choose a user.", "کاربر را انتخاب کنید."}
	msgAdjustmentAmount  = Msg{
		"Enter an amount other than zero: above zero to credit, below zero to debit.",
		"مبلغی غیر از صفر وارد کنید: مثبت برای واریز و منفی برای برداشت.",
	}
)

// Adjust credits (amount above zero) or debits (below) the wallet of user
// userID by operator op for reason, against the platform's account.
func (w *Wallets) Adjust(ctx context.Context, op *User, userID, amount int64, reason string) (*Adjustment, error) {
	var v Validation
	if userID <= 0 {
		v.Add("user_id", msgUserRequired)
	}
	switch {
	case amount == 0:
		v.Add("amount", msgAdjustmentAmount)
	case amount > MaxAmount || -amount > MaxAmount:
		v.Add("amount", Msgf(msgAmountMax, Tomans(MaxAmount)))
	}
	checkNote(&v, "reason", &reason, maxReason, msgReasonRequired)
	if err := v.Err(); err != nil {
		return nil, err
	}
	a := &Adjustment{UserID: userID, AdminID: op.ID, Amount: amount, Reason: reason}
	if err := w.Adjustments.Adjust(ctx, a); err != nil {
		return nil, err
	}
	return a, nil
}
