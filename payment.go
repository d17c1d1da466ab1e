package zabano

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// PaymentWindow is how long a payment may wait for its verification. Zarinpal
// returns money it was not asked to verify to the payer within about half an
// hour, so a payment not verified by then will never be, and is expired.
const PaymentWindow = 30 * time.Minute

// Payment requests a student may start per PaymentWindow. The gateway throttles
// the whole merchant when asked too often, so one user must not be able to.
const paymentsPerUser = 20

// PaymentStatus is where a card payment stands.
type PaymentStatus string

const (
	// PaymentPending: requested, the payer may be at the gateway.
	PaymentPending PaymentStatus = "pending"
	// PaymentPaid: the gateway confirmed it and its amount is in the wallet.
	PaymentPaid PaymentStatus = "paid"
	// PaymentExpired: not verified within PaymentWindow.
	PaymentExpired PaymentStatus = "expired"
	// PaymentFailed: after its window, an operator asked the gateway again
	// and it said the payment was never made.
	PaymentFailed PaymentStatus = "failed"
)

// Payment is a card payment the server asked the gateway for, to top up a
// student's wallet. The server keeps its amount: what the client says later
// never counts.
type Payment struct {
	ID          int64
	UserID      int64
	Amount      int64
	Description string
	Mobile      string
	Email       string
	Authority   string
	Status      PaymentStatus
	// RefID and CardPAN are the gateway's receipt, set once paid.
	RefID     int64
	CardPAN   string
	CreatedAt time.Time
	PaidAt    time.Time
	// User is the payer, in the operator's list.
	User User
}

// expired reports whether p's window has passed at now, unpaid.
func (p *Payment) expired(now time.Time) bool {
	return p.Status == PaymentExpired || p.Status == PaymentFailed || p.Status == PaymentPending && now.Sub(p.CreatedAt) >= PaymentWindow
}

// GatewayRequest is a payment the gateway is asked to take.
type GatewayRequest struct {
	Amount      int64 // Toman
	Description string
	CallbackURL string
	Mobile      string
	Email       string
}

// GatewayPayment is the gateway's answer to a request: where to send the payer.
type GatewayPayment struct {
	Authority string
	PayURL    string
	Code      int
	Message   string
	Fee       int64 // Toman
	FeeType   string
}

// GatewayVerification is the gateway's answer to a verification.
type GatewayVerification struct {
	// Paid is true when the gateway confirms the payment: verified now
	// (code 100) or before (code 101).
	Paid    bool
	Code    int
	Message string
	RefID   int64
	CardPAN string
}

// Gateway is a card payment gateway speaking Zarinpal's protocol: a payment
// is requested, the payer pays at the gateway and comes back, and the server
// verifies it. A gateway that answers with a refusal returns it in the
// result; an error means the gateway could not be asked or did not answer.
type Gateway interface {
	Request(ctx context.Context, r GatewayRequest) (*GatewayPayment, error)
	// Verify asks whether the payment authority of amount Toman was paid, and
	// settles it if so.
	Verify(ctx context.Context, authority string, amount int64) (*GatewayVerification, error)
}

// PaymentStore keeps card payments. Each method is one transaction.
type PaymentStore interface {
	// CreatePayment records p, setting its ID, Status and CreatedAt.
	CreatePayment(ctx context.Context, p *Payment) error
	// FindPayment returns the payment of authority, or ENOTFOUND.
	FindPayment(ctx context.Context, authority string) (*Payment, error)
	// CompletePayment marks the payment of authority paid with the gateway's
	// receipt v and credits its recorded amount to its user's wallet, once:
	// when it is already paid it changes nothing. It returns the payment.
	CompletePayment(ctx context.Context, authority string, v *GatewayVerification) (*Payment, error)
	// ExpirePayments marks payments still pending that were created at or
	// before cutoff expired, and returns how many it marked.
	ExpirePayments(ctx context.Context, cutoff time.Time) (int64, error)
	// Payments lists the payments of status (all when empty) with their
	// payers, newest first: at most limit, of ids below before when it is not 0.
	Payments(ctx context.Context, status PaymentStatus, before int64, limit int) ([]Payment, error)
	// ReverifyPayment records the gateway's answer v, asked again by
	// operator by, about the payment of authority, with its row in the
	// operator log: confirmed, it is completed as CompletePayment does, but
	// a payment already paid fails with ECONFLICT; not confirmed, it fails
	// (PaymentFailed) when final, its window having passed, else it stays.
	// It returns the payment with its payer.
	ReverifyPayment(ctx context.Context, authority string, by int64, v *GatewayVerification, final bool) (*Payment, error)
}

var (
	msgAuthorityRequired  = Msg{"authority is required", "کد پیگیری پرداخت (authority) الزامی است"}
	msgPaymentNotFound    = Msg{"Payment not found.", "پرداخت یافت نشد."}
	msgDescriptionTooLong = Msg{"Description must be at most %d characters.", "توضیحات باید حداکثر %d نویسه باشد."}
	msgGatewayUnavailable = Msg{
		"The payment gateway is not available right now. Please try again.",
		"درگاه پرداخت در حال حاضر در دسترس نیست. لطفاً دوباره تلاش کنید.",
	}
	msgTopUpFailed = Msg{"Failed to top up wallet", "شارژ کیف پول ناموفق بود"}
	// MsgPaymentCredited: an operator asked again about a payment already in its wallet.
	MsgPaymentCredited = Msg{"This payment is already paid and in the wallet.", "این پرداخت قبلاً انجام شده و به کیف پول واریز شده است."}
)

// Answers of verification and top-up.
var (
	MsgPaymentVerified = Msg{"Payment verified; your wallet has been topped up.", "پرداخت تأیید شد و کیف پول شما شارژ شد."}
	MsgPaymentFailed   = Msg{"Payment verification failed", "تأیید پرداخت ناموفق بود"}
	MsgToppedUp        = Msg{"Your wallet has been topped up.", "کیف پول شما شارژ شد."}
)

// defaultDescription describes a top-up whose payer gave no description; the
// gateway requires one and shows it on its page.
const defaultDescription = "شارژ کیف پول زبانو — Zabano wallet top-up"

// maxDescriptionLen fits Zarinpal's 500-character limit with room to spare.
const maxDescriptionLen = 255

// PaymentRequest is what a student asks to pay, to top up their wallet.
type PaymentRequest struct {
	Amount      int64
	Description string
	Mobile      string
	Email       string
}

// Validate checks r and normalises its contact and spacing in place.
func (r *PaymentRequest) Validate() error {
	var v Validation
	checkAmount(&v, r.Amount, MinTopUp)
	r.Description = strings.TrimSpace(r.Description)
	if utf8.RuneCountInString(r.Description) > maxDescriptionLen {
		v.Add("description", Msgf(msgDescriptionTooLong, maxDescriptionLen))
	}
	if r.Description == "" {
		r.Description = defaultDescription
	}
	if r.Mobile = strings.TrimSpace(r.Mobile); r.Mobile != "" {
		p, ok := NormalizePhone(r.Mobile)
		if !ok {
			v.Add("mobile", msgPhoneInvalid)
		}
		r.Mobile = p
	}
	if r.Email = strings.TrimSpace(r.Email); r.Email != "" && !ValidEmail(r.Email) {
		v.Add("email", msgEmailInvalid)
	}
	return v.Err()
}

// Payments tops up wallets through the card gateway. The server alone decides
// what is credited: it keeps the amount of every payment it requested, asks
// the gateway itself whether it was paid, and credits it once.
type Payments struct {
	Store   PaymentStore
	Wallets WalletStore
	Gateway Gateway
	Limiter Limiter
	// CallbackURL is where the gateway sends the payer back: the web app's
	// /payment/callback page. Whatever the client proposes is ignored.
	CallbackURL string
	Logger      *slog.Logger
	Now         func() time.Time
}

// Request asks the gateway for a payment of r by student u and records it.
func (p *Payments) Request(ctx context.Context, u *User, r PaymentRequest) (*Payment, *GatewayPayment, error) {
	if err := r.Validate(); err != nil {
		return nil, nil, err
	}
	if err := p.Limiter.Take(ctx, "payment:"+strconv.FormatInt(u.ID, 10), paymentsPerUser, PaymentWindow); err != nil {
		return nil, nil, err
	}
	gp, err := p.Gateway.Request(ctx, GatewayRequest{
		Amount: r.Amount, Description: r.Description, CallbackURL: p.CallbackURL, Mobile: r.Mobile, Email: r.Email,
	})
	if err != nil {
		p.Logger.ErrorContext(ctx, "payment request", "user", u.ID, "amount", r.Amount, "err", err)
		return nil, nil, Errorf(EUNAVAILABLE, msgGatewayUnavailable)
	}
	pay := &Payment{
		UserID: u.ID, Amount: r.Amount, Description: r.Description, Mobile: r.Mobile, Email: r.Email,
		Authority: gp.Authority,
	}
	if err := p.Store.CreatePayment(ctx, pay); err != nil {
		return nil, nil, err
	}
	return pay, gp, nil
}

// find returns u's payment of authority. Another user's payment is not found,
// so that authorities cannot be probed.
func (p *Payments) find(ctx context.Context, u *User, authority string) (*Payment, error) {
	authority = strings.TrimSpace(authority)
	if authority == "" {
		return nil, FieldError("authority", msgAuthorityRequired)
	}
	pay, err := p.Store.FindPayment(ctx, authority)
	if ErrorCode(err) == ENOTFOUND || err == nil && pay.UserID != u.ID {
		return nil, Errorf(ENOTFOUND, msgPaymentNotFound)
	}
	return pay, err
}

// Verify asks the gateway whether u's payment of authority was paid, for the
// amount the server recorded, and if so credits the wallet (once, however
// often and concurrently it is called). The payment is returned with its
// status: paid, or still pending or expired when the gateway did not confirm it.
func (p *Payments) Verify(ctx context.Context, u *User, authority string) (*Payment, error) {
	pay, err := p.find(ctx, u, authority)
	if err != nil || pay.Status == PaymentPaid {
		return pay, err
	}
	if pay.expired(p.Now()) {
		// The gateway has given the money back by now, or is about to.
		if pay.Status == PaymentPending {
			pay.Status = PaymentExpired
		}
		return pay, nil
	}
	v, err := p.Gateway.Verify(ctx, pay.Authority, pay.Amount)
	if err != nil {
		p.Logger.ErrorContext(ctx, "payment verify", "authority", pay.Authority, "err", err)
		return nil, Errorf(EUNAVAILABLE, msgGatewayUnavailable)
	}
	if !v.Paid {
		// Stays pending: the payer may still pay within the window.
		return pay, nil
	}
	return p.Store.CompletePayment(ctx, pay.Authority, v)
}

// TopUp makes sure u's payment of authority is in their wallet, verifying it
// first if nobody has yet, and returns it with the wallet's balance. It fails
// with ECONFLICT when the gateway does not confirm the payment.
func (p *Payments) TopUp(ctx context.Context, u *User, authority string) (*Payment, int64, error) {
	pay, err := p.Verify(ctx, u, authority)
	if err != nil {
		return nil, 0, err
	}
	if pay.Status != PaymentPaid {
		return nil, 0, Errorf(ECONFLICT, msgTopUpFailed)
	}
	balance, err := p.Wallets.WalletBalance(ctx, u.ID)
	return pay, balance, err
}

// ExpirePayments expires the payments whose window has passed. Any number of
// server processes may run it at once.
func (p *Payments) ExpirePayments(ctx context.Context) (int64, error) {
	return p.Store.ExpirePayments(ctx, p.Now().Add(-PaymentWindow))
}

// List lists the payments of status (all when empty) for operators: at most
// limit, of ids below before when it is not 0, newest first.
func (p *Payments) List(ctx context.Context, status PaymentStatus, before int64, limit int) ([]Payment, error) {
	switch status {
	case "", PaymentPending, PaymentPaid, PaymentExpired, PaymentFailed:
	default:
		return nil, FieldError("status", msgStatusUnknown)
	}
	return p.Store.Payments(ctx, status, before, limit)
}

// Reverify is operator op asking the gateway again about the payment of
// authority, stuck as pending or expired (a payer's "I paid but my wallet
// is empty"): credited once if the gateway confirms it, however often and
// concurrently it and the payer's own verification run; failed when the
// gateway denies it after its window. A payment already paid is a conflict.
func (p *Payments) Reverify(ctx context.Context, op *User, authority string) (*Payment, error) {
	pay, err := p.Store.FindPayment(ctx, authority)
	if ErrorCode(err) == ENOTFOUND {
		return nil, Errorf(ENOTFOUND, msgPaymentNotFound)
	} else if err != nil {
		return nil, err
	}
	if pay.Status == PaymentPaid {
		return nil, Errorf(ECONFLICT, MsgPaymentCredited)
	}
	v, err := p.Gateway.Verify(ctx, pay.Authority, pay.Amount)
	if err != nil {
		p.Logger.ErrorContext(ctx, "payment reverify", "authority", pay.Authority, "err", err)
		return nil, Errorf(EUNAVAILABLE, msgGatewayUnavailable)
	}
	return p.Store.ReverifyPayment(ctx, pay.Authority, op.ID, v, pay.expired(p.Now()))
}
