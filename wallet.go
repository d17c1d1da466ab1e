package zabano

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Amounts are whole Toman (spec sections 1 and 9). A top-up is at least 1,000
// Toman (the spec's custom amount minimum, and Zarinpal's 10,000 Rial floor);
// a withdrawal at least 10,000, below which a bank transfer is not worth its
// fee. MaxAmount caps any one top-up or withdrawal.
const (
	MinTopUp      int64 = 1_000
	MinWithdrawal int64 = 10_000
	MaxAmount     int64 = 50_000_000
)

var (
	msgAmountRequired = Msg{"amount is required", "مبلغ الزامی است"}
	msgAmountMin      = Msg{"The minimum amount is %s Toman.", "حداقل مبلغ %s تومان است."}
	msgAmountMax      = Msg{"The maximum amount is %s Toman.", "حداکثر مبلغ %s تومان است."}
	msgIBANRequired   = Msg{"Sheba number (IBAN) is required.", "شماره شبا الزامی است."}
	msgIBANInvalid    = Msg{
		"Enter a valid Sheba number: IR followed by 24 digits.",
		"یک شماره شبای معتبر وارد کنید: IR و ۲۴ رقم.",
	}
)

// Tomans writes n with thousands separators in both languages: 1,000 and ۱٬۰۰۰.
func Tomans(n int64) Msg {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var en, fa strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			en.WriteByte(',')
			fa.WriteRune('٬')
		}
		en.WriteRune(r)
		fa.WriteRune(r)
	}
	sign := ""
	if neg {
		sign = "-"
	}
	return Msg{En: sign + en.String(), Fa: PersianDigits(sign + fa.String())}
}

// checkNote trims what an operator typed, required or not, and adds its
// problems to v: missing when required (saying missing), or over max characters.
func checkNote(v *Validation, field string, s *string, max int, missing Msg) {
	checkText(v, field, s, max)
	if *s == "" && missing != (Msg{}) {
		v.Add(field, missing)
	}
}

// checkAmount adds the problems of amount to v: not a positive whole number
// (the spec's "amount is required"), below min or above MaxAmount.
func checkAmount(v *Validation, amount, min int64) {
	switch {
	case amount <= 0:
		v.Add("amount", msgAmountRequired)
	case amount < min:
		v.Add("amount", Msgf(msgAmountMin, Tomans(min)))
	case amount > MaxAmount:
		v.Add("amount", Msgf(msgAmountMax, Tomans(MaxAmount)))
	}
}

// NormalizeIBAN returns s as an Iranian IBAN (Sheba number), IR and 24 digits,
// if its ISO 13616 check digits hold. It accepts spaces and dashes, lower
// case, Persian and Arabic digits, and the 24 digits alone, as Iranian bank
// forms print IR apart.
func NormalizeIBAN(s string) (string, bool) {
	s = strings.ToUpper(ASCIIDigits(s))
	s = strings.NewReplacer(" ", "", "-", "", "\u200c", "", "\u00a0", "").Replace(s)
	if len(s) == 24 {
		s = "IR" + s
	}
	if len(s) != 26 || !strings.HasPrefix(s, "IR") {
		return "", false
	}
	for _, r := range s[2:] {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	// ISO 13616: move the country code and check digits to the end, write
	// letters as numbers (A=10 ... Z=35), and the whole must be 1 modulo 97.
	rearranged := s[4:] + "1827" + s[2:4] // I=18, R=27
	mod := 0
	for _, r := range rearranged {
		mod = (mod*10 + int(r-'0')) % 97
	}
	return s, mod == 1
}

// WithdrawalStatus is where a withdrawal stands.
type WithdrawalStatus string

const (
	WithdrawalPending  WithdrawalStatus = "pending"
	WithdrawalPaid     WithdrawalStatus = "paid"
	WithdrawalRejected WithdrawalStatus = "rejected"
)

// Name is the status's name for messages.
func (s WithdrawalStatus) Name() Msg {
	switch s {
	case WithdrawalPaid:
		return Msg{"paid", "پرداخت"}
	case WithdrawalRejected:
		return Msg{"rejected", "رد"}
	}
	return Msg{"pending", "در انتظار"}
}

// WithdrawalKind is whose money a withdrawal pays out, and why.
type WithdrawalKind string

const (
	// KindWithdrawal is a teacher's earnings, of the amount they ask.
	KindWithdrawal WithdrawalKind = "withdrawal"
	// KindRefund is a student's whole wallet, given back before they leave.
	KindRefund WithdrawalKind = "refund"
)

// Answers of the operator's withdrawal commands.
var (
	MsgWithdrawalNotFound = Msg{"Withdrawal not found.", "درخواست برداشت یافت نشد."}
	MsgWithdrawalSettled  = Msg{"Withdrawal %d is already %s.", "درخواست برداشت %d قبلاً %s شده است."}
	MsgRefundEmpty        = Msg{"Your wallet is empty: there is nothing to refund.", "کیف پول شما خالی است؛ مبلغی برای بازپرداخت نیست."}
	msgReferenceRequired  = Msg{"Enter the bank's reference for this transfer.", "شمارهٔ پیگیری بانکی این واریز را وارد کنید."}
)

// maxReference is the longest bank reference an operator may type.
const maxReference = 100

// Withdrawal is a user's request to be paid Amount Toman of their wallet to
// their bank account IBAN: a teacher's earnings, or a student's refund. The
// amount waits in the user's pending-withdrawals account until an operator
// pays it out or rejects it.
type Withdrawal struct {
	ID     int64
	UserID int64
	// User is who asked, for the operator's list.
	User   User
	Kind   WithdrawalKind
	Amount int64
	IBAN   string
	Status WithdrawalStatus
	// CreatedAt is when it was requested; SettledAt when it was paid or
	// rejected, zero while pending.
	CreatedAt time.Time
	SettledAt time.Time
	// Reference is the bank's reference of the payment; Reason why it was
	// rejected. SettledBy is the operator who did either, 0 from the
	// command line.
	Reference string
	Reason    string
	SettledBy int64
}

// WalletTransaction is a ledger transaction as its user's wallet shows it.
type WalletTransaction struct {
	ID   int64
	Type TransactionType
	// Amount is signed: positive into the wallet, negative out of it.
	Amount int64
	// Status is "completed", or for a withdrawal its WithdrawalStatus.
	Status      string
	Description string
	CreatedAt   time.Time
}

// WalletSummary is the head of the teacher's wallet screen (spec section 3).
type WalletSummary struct {
	Balance            int64
	TotalClasses       int
	ThisMonthEarnings  int64
	PendingWithdrawals int64
	TotalEarnings      int64
}

// WithdrawalFilter selects withdrawals; zero fields select all.
type WithdrawalFilter struct {
	UserID int64
	Status WithdrawalStatus
	// Before selects ids below it; Limit caps the rows.
	Before int64
	Limit  int
	// Oldest lists oldest first: the operator's queue of pending ones.
	Oldest bool
}

// WalletStore keeps wallets and withdrawals on the ledger. Each method is one
// transaction.
type WalletStore interface {
	// WalletBalance is the balance of user id's wallet: 0 before it is used.
	WalletBalance(ctx context.Context, id int64) (int64, error)
	// WalletTransactions lists the transactions of user id's wallet, newest first.
	WalletTransactions(ctx context.Context, id int64) ([]WalletTransaction, error)
	// WalletSummary sums up user id's wallet; earnings (class payments and
	// bonuses into the wallet) are counted in all and since monthStart.
	WalletSummary(ctx context.Context, id int64, monthStart time.Time) (*WalletSummary, error)
	// RequestWithdrawal moves w.Amount from w.UserID's wallet to their pending
	// withdrawals and records w, of kind KindWithdrawal, setting its ID,
	// Status and CreatedAt. It fails with ECONFLICT, writing nothing, when
	// the wallet holds less.
	RequestWithdrawal(ctx context.Context, w *Withdrawal) error
	// RequestRefund is RequestWithdrawal of kind KindRefund for the whole
	// balance of w.UserID's wallet, which it sets as w.Amount; an empty
	// wallet fails with ECONFLICT.
	RequestRefund(ctx context.Context, w *Withdrawal) error
	// Withdrawals lists the withdrawals f selects, newest first unless f.Oldest.
	Withdrawals(ctx context.Context, f WithdrawalFilter) ([]Withdrawal, error)
	// PayWithdrawal marks pending withdrawal id paid by operator by (0 from
	// the command line, which writes no operator-log row) with the bank's
	// reference, and moves its amount out of the system to the gateway
	// account. Another status fails with ECONFLICT.
	PayWithdrawal(ctx context.Context, id, by int64, reference string) (*Withdrawal, error)
	// RejectWithdrawal marks pending withdrawal id rejected by operator by
	// (0 as for PayWithdrawal) for reason, and returns its amount to its
	// user's wallet. Another status fails with ECONFLICT.
	RejectWithdrawal(ctx context.Context, id, by int64, reason string) (*Withdrawal, error)
}

// Wallets is what users see and do with their wallets, and operators with
// withdrawals and adjustments.
type Wallets struct {
	Store       WalletStore
	Adjustments AdjustmentStore
	Now         func() time.Time
}

// Balance is the wallet balance of user id.
func (w *Wallets) Balance(ctx context.Context, id int64) (int64, error) {
	return w.Store.WalletBalance(ctx, id)
}

// Transactions lists the wallet transactions of user id, newest first.
func (w *Wallets) Transactions(ctx context.Context, id int64) ([]WalletTransaction, error) {
	return w.Store.WalletTransactions(ctx, id)
}

// Summary sums up the wallet of user id, this month being the current
// Persian calendar month in Tehran.
func (w *Wallets) Summary(ctx context.Context, id int64) (*WalletSummary, error) {
	return w.Store.WalletSummary(ctx, id, PersianMonthStart(w.Now()))
}

// RequestWithdrawal asks for amount Toman of teacher u's wallet to be paid to
// the bank account rawIBAN.
func (w *Wallets) RequestWithdrawal(ctx context.Context, u *User, amount int64, rawIBAN string) (*Withdrawal, error) {
	var v Validation
	checkAmount(&v, amount, MinWithdrawal)
	iban := checkIBAN(&v, rawIBAN)
	if err := v.Err(); err != nil {
		return nil, err
	}
	wd := &Withdrawal{UserID: u.ID, User: *u, Kind: KindWithdrawal, Amount: amount, IBAN: iban}
	if err := w.Store.RequestWithdrawal(ctx, wd); err != nil {
		return nil, err
	}
	return wd, nil
}

// checkIBAN adds the problems of rawIBAN to v and returns it normalised.
func checkIBAN(v *Validation, rawIBAN string) string {
	iban, ok := NormalizeIBAN(rawIBAN)
	switch {
	case strings.TrimSpace(rawIBAN) == "":
		v.Add("iban", msgIBANRequired)
	case !ok:
		v.Add("iban", msgIBANInvalid)
	}
	return iban
}

// RequestRefund asks for the whole wallet of student u to be paid back to
// the bank account rawIBAN, as a withdrawal of kind KindRefund that operators
// pay like a teacher's. Any balance may be refunded, below MinWithdrawal
// too: a student leaving takes all their money.
func (w *Wallets) RequestRefund(ctx context.Context, u *User, rawIBAN string) (*Withdrawal, error) {
	var v Validation
	iban := checkIBAN(&v, rawIBAN)
	if err := v.Err(); err != nil {
		return nil, err
	}
	wd := &Withdrawal{UserID: u.ID, User: *u, Kind: KindRefund, IBAN: iban}
	if err := w.Store.RequestRefund(ctx, wd); err != nil {
		return nil, err
	}
	return wd, nil
}

// Withdrawals lists user id's withdrawals (a student's refunds), newest first.
func (w *Wallets) Withdrawals(ctx context.Context, id int64) ([]Withdrawal, error) {
	return w.Store.Withdrawals(ctx, WithdrawalFilter{UserID: id})
}

// Queue lists the withdrawals of status, or pending ones when status is
// empty, for operators: at most limit, of ids below before when it is not
// 0; pending ones oldest first, as they are paid, the others newest first.
func (w *Wallets) Queue(ctx context.Context, status WithdrawalStatus, before int64, limit int) ([]Withdrawal, error) {
	switch status {
	case "":
		status = WithdrawalPending
	case WithdrawalPending, WithdrawalPaid, WithdrawalRejected:
	default:
		return nil, FieldError("status", msgStatusUnknown)
	}
	return w.Store.Withdrawals(ctx, WithdrawalFilter{Status: status, Before: before, Limit: limit, Oldest: status == WithdrawalPending})
}

var msgStatusUnknown = Msg{"Unknown status.", "وضعیت نامعتبر است."}

// PayWithdrawal records pending withdrawal id paid by operator op, with the
// bank's reference of the transfer they made.
func (w *Wallets) PayWithdrawal(ctx context.Context, op *User, id int64, reference string) (*Withdrawal, error) {
	var v Validation
	checkNote(&v, "reference", &reference, maxReference, msgReferenceRequired)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return w.Store.PayWithdrawal(ctx, id, op.ID, reference)
}

// RejectWithdrawal rejects pending withdrawal id for reason, which its user
// reads: the money goes back to their wallet.
func (w *Wallets) RejectWithdrawal(ctx context.Context, op *User, id int64, reason string) (*Withdrawal, error) {
	var v Validation
	checkNote(&v, "reason", &reason, maxReason, msgReasonRequired)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return w.Store.RejectWithdrawal(ctx, id, op.ID, reason)
}
