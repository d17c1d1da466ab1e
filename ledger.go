package zabano

import (
	"fmt"
	"time"
)

// AccountKind is what a ledger account holds. Every change of a balance is a
// ledger transaction whose entries sum to zero, so money is never created or
// lost inside the system: it enters and leaves through the gateway account.
type AccountKind string

const (
	// AccountWallet is a user's spendable money: a student's prepaid credit, a
	// teacher's earnings.
	AccountWallet AccountKind = "wallet"
	// AccountEscrow is a student's money held for booked classes until they
	// are done (paid to the teacher) or cancelled (returned).
	AccountEscrow AccountKind = "escrow"
	// AccountWithdrawals is a user's money on its way to their bank account
	// (a teacher's earnings, a student's refund): requested, not yet paid out
	// by an operator.
	AccountWithdrawals AccountKind = "withdrawals"
	// AccountPlatform is the platform's own money: class commissions come in,
	// operators' bonuses go out. It may go below zero: a bonus the platform
	// has not earned is money the company owes the users' pool and covers
	// from outside.
	AccountPlatform AccountKind = "platform"
	// AccountGateway is gateway clearing, the boundary with the outside world:
	// card payments come in from it and bank payouts go out to it. Its balance
	// is below zero: minus the money the system holds.
	AccountGateway AccountKind = "gateway"
)

// perUser reports whether accounts of kind k belong to one user each; the
// others exist once for the whole system.
func (k AccountKind) perUser() bool {
	return k == AccountWallet || k == AccountEscrow || k == AccountWithdrawals
}

// Account names a ledger account: its kind, and its user for the per-user kinds.
type Account struct {
	Kind   AccountKind
	UserID int64 // 0 for the system's accounts
}

// WalletOf is the wallet of user id.
func WalletOf(id int64) Account { return Account{Kind: AccountWallet, UserID: id} }

// EscrowOf is the escrow account of student id.
func EscrowOf(id int64) Account { return Account{Kind: AccountEscrow, UserID: id} }

// WithdrawalsOf is the pending-withdrawals account of user id.
func WithdrawalsOf(id int64) Account { return Account{Kind: AccountWithdrawals, UserID: id} }

// The system's accounts.
var (
	GatewayAccount  = Account{Kind: AccountGateway}
	PlatformAccount = Account{Kind: AccountPlatform}
)

func (a Account) String() string {
	if a.UserID != 0 {
		return fmt.Sprintf("%s/%d", a.Kind, a.UserID)
	}
	return string(a.Kind)
}

// TransactionType is why money moved; wallets show it per transaction.
type TransactionType string

const (
	TxTopUp        TransactionType = "topup"
	TxClassPayment TransactionType = "class_payment"
	TxRefund       TransactionType = "refund"
	TxWithdrawal   TransactionType = "withdrawal"
	TxBonus        TransactionType = "bonus"
	TxOther        TransactionType = "other"
)

// Valid reports whether t is one of the transaction types.
func (t TransactionType) Valid() bool {
	switch t {
	case TxTopUp, TxClassPayment, TxRefund, TxWithdrawal, TxBonus, TxOther:
		return true
	}
	return false
}

// Entry is one leg of a ledger transaction: Amount Toman into Account when
// positive, out of it when negative.
type Entry struct {
	Account Account
	Amount  int64
}

// LedgerTransaction is one movement of money. The ledger only ever appends
// them; a mistake is corrected by another transaction, never by an edit.
type LedgerTransaction struct {
	ID          int64
	Type        TransactionType
	Description string
	// BookingID is the class the money moved for; 0 for none.
	BookingID int64
	Entries   []Entry
	CreatedAt time.Time
}

// Transfer is a transaction moving amount Toman from one account to another.
func Transfer(typ TransactionType, from, to Account, amount int64, description string) *LedgerTransaction {
	return &LedgerTransaction{
		Type:        typ,
		Description: description,
		Entries:     []Entry{{Account: from, Amount: -amount}, {Account: to, Amount: amount}},
	}
}

// Validate checks the rules every transaction keeps: a known type, at least
// two entries, none zero, each account at most once and well named, and a
// sum of zero. Breaking them is a bug in the caller, so the error is internal.
func (t *LedgerTransaction) Validate() error {
	if !t.Type.Valid() {
		return fmt.Errorf("ledger: unknown transaction type %q", t.Type)
	}
	if len(t.Entries) < 2 {
		return fmt.Errorf("ledger: a transaction needs two entries or more, got %d", len(t.Entries))
	}
	var sum int64
	seen := map[Account]bool{}
	for _, e := range t.Entries {
		a := e.Account
		switch {
		case e.Amount == 0:
			return fmt.Errorf("ledger: zero entry on %s", a)
		case a.Kind.perUser() != (a.UserID != 0):
			return fmt.Errorf("ledger: account %s is not well named", a)
		case a.Kind != AccountGateway && a.Kind != AccountPlatform && !a.Kind.perUser():
			return fmt.Errorf("ledger: unknown account kind %q", a.Kind)
		case seen[a]:
			return fmt.Errorf("ledger: account %s appears twice", a)
		}
		seen[a] = true
		sum += e.Amount
	}
	if sum != 0 {
		return fmt.Errorf("ledger: entries sum to %d, not zero", sum)
	}
	return nil
}

// MsgInsufficientBalance is the answer when a debit would take an account
// below zero.
var MsgInsufficientBalance = Msg{"Insufficient balance.", "موجودی کافی نیست."}
