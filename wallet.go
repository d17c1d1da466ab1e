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

// Answers of the operator's withdrawal commands.
var (
	MsgWithdrawalNotFound = Msg{"Withdrawal not found.", "درخواست برداشت یافت نشد."}
	MsgWithdrawalSettled  = Msg{"Withdrawal %d is already %s.", "درخواست برداشت %d قبلاً %s شده است."}
)

// Withdrawal is a teacher's request to be paid Amount Toman of their earnings
// to their bank account IBAN. The amount waits in the teacher's
// pending-withdrawals account until an operator pays it out or rejects it.
type Withdrawal struct {
	ID       int64
	UserID   int64
	Username string // for the operator's list
	Amount   int64
	IBAN     string
	Status   WithdrawalStatus
	// CreatedAt is when it was requested; SettledAt when it was paid or
	// rejected, zero while pending.
	CreatedAt time.Time
	SettledAt time.Time
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
	// withdrawals and records w, setting its ID, Status and CreatedAt. It fails
	// with ECONFLICT, writing nothing, when the wallet holds less.
	RequestWithdrawal(ctx context.Context, w *Withdrawal) error
	// Withdrawals lists the withdrawals f selects, newest first.
	Withdrawals(ctx context.Context, f WithdrawalFilter) ([]Withdrawal, error)
	// PayWithdrawal marks pending withdrawal id paid and moves its amount out
	// of the system to the gateway account. Another status fails with ECONFLICT.
	PayWithdrawal(ctx context.Context, id int64) (*Withdrawal, error)
	// RejectWithdrawal marks pending withdrawal id rejected and returns its
	// amount to the teacher's wallet. Another status fails with ECONFLICT.
	RejectWithdrawal(ctx context.Context, id int64) (*Withdrawal, error)
}

// Wallets is what users see and do with their wallets.
type Wallets struct {
	Store WalletStore
	Now   func() time.Time
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
	iban, ok := NormalizeIBAN(rawIBAN)
	switch {
	case strings.TrimSpace(rawIBAN) == "":
		v.Add("iban", msgIBANRequired)
	case !ok:
		v.Add("iban", msgIBANInvalid)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	wd := &Withdrawal{UserID: u.ID, Username: u.Username, Amount: amount, IBAN: iban}
	if err := w.Store.RequestWithdrawal(ctx, wd); err != nil {
		return nil, err
	}
	return wd, nil
}

// Withdrawals lists user id's withdrawals, newest first.
func (w *Wallets) Withdrawals(ctx context.Context, id int64) ([]Withdrawal, error) {
	return w.Store.Withdrawals(ctx, WithdrawalFilter{UserID: id})
}
