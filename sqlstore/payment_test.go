package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/payment"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// fakeGateway stands in for the card gateway: the test says which
// authorities were paid, and it answers as Zarinpal does.
type fakeGateway struct {
	mu       sync.Mutex
	n        int
	paid     map[string]bool
	verified map[string]bool
	asked    []int64 // the amounts it was asked to verify
	down     bool
}

func newFakeGateway() *fakeGateway {
	return &fakeGateway{paid: map[string]bool{}, verified: map[string]bool{}}
}

var errDown = errors.New("connection refused")

func (g *fakeGateway) Request(_ context.Context, r zabano.GatewayRequest) (*zabano.GatewayPayment, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.down {
		return nil, errDown
	}
	g.n++
	a := fmt.Sprintf("A%035d", g.n)
	return &zabano.GatewayPayment{Authority: a, PayURL: "https://gateway.test/StartPay/" + a, Code: 100, Message: "Success"}, nil
}

func (g *fakeGateway) Verify(_ context.Context, authority string, amount int64) (*zabano.GatewayVerification, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.down {
		return nil, errDown
	}
	g.asked = append(g.asked, amount)
	switch {
	case !g.paid[authority]:
		return &zabano.GatewayVerification{Code: -51, Message: "not paid"}, nil
	case g.verified[authority]:
		return &zabano.GatewayVerification{Paid: true, Code: 101, RefID: 7, CardPAN: "6037****1234"}, nil
	}
	g.verified[authority] = true
	return &zabano.GatewayVerification{Paid: true, Code: 100, RefID: 7, CardPAN: "6037****1234"}, nil
}

func (g *fakeGateway) pay(authority string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.paid[authority] = true
}

func (g *fakeGateway) verifications() []int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]int64(nil), g.asked...)
}

func newPayments(db *sqlstore.DB, gw zabano.Gateway) (*zabano.Payments, *storetest.Clock) {
	clock := storetest.NewClock(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
	db.Now = clock.Now
	return &zabano.Payments{
		Store: db, Wallets: db, Gateway: gw, Limiter: db,
		CallbackURL: "https://zabano.test/payment/callback",
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:         clock.Now,
	}, clock
}

// TestTopUpOnce has 50 verify and top-up calls race for one paid authority
// through the sandbox gateway: the wallet is credited exactly once.
func TestTopUpOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		sandbox := &payment.Sandbox{Store: db, PageURL: "https://zabano.test/sandbox/pay/"}
		p, _ := newPayments(db, sandbox)
		u := mkUser(t, db, "sara", zabano.RoleStudent)
		pay, gp, err := p.Request(ctx, u, zabano.PaymentRequest{Amount: 50_000, Mobile: "09121234567"})
		if err != nil {
			t.Fatal(err)
		}
		if pay.Status != zabano.PaymentPending || pay.Authority != gp.Authority || gp.PayURL != "https://zabano.test/sandbox/pay/"+gp.Authority {
			t.Fatalf("request: %+v %+v", pay, gp)
		}
		if _, err := sandbox.Answer(ctx, pay.Authority, true); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 50)
		for i := range 50 {
			wg.Go(func() {
				var got *zabano.Payment
				var err error
				if i%2 == 0 {
					got, err = p.Verify(ctx, u, pay.Authority)
				} else {
					got, _, err = p.TopUp(ctx, u, pay.Authority)
				}
				if err == nil && got.Status != zabano.PaymentPaid {
					err = fmt.Errorf("status %s", got.Status)
				}
				errs[i] = err
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("call %d: %v", i, err)
			}
		}
		list, err := db.WalletTransactions(ctx, u.ID)
		if err != nil || len(list) != 1 || list[0].Type != zabano.TxTopUp || list[0].Amount != 50_000 {
			t.Fatalf("wallet transactions: %+v, %v", list, err)
		}
		if b := balance(t, db, u.ID); b != 50_000 {
			t.Fatalf("balance %d, want 50000 credited once", b)
		}
		got, _ := db.FindPayment(ctx, pay.Authority)
		if got.Status != zabano.PaymentPaid || got.RefID == 0 || got.PaidAt.IsZero() || got.CardPAN == "" {
			t.Fatalf("payment after: %+v", got)
		}
		audit(t, db)
	})
}

func TestPaymentNotConfirmed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		sandbox := &payment.Sandbox{Store: db, PageURL: "https://zabano.test/sandbox/pay/"}
		p, _ := newPayments(db, sandbox)
		u := mkUser(t, db, "sara", zabano.RoleStudent)
		for _, cancel := range []bool{false, true} {
			pay, _, err := p.Request(ctx, u, zabano.PaymentRequest{Amount: 20_000})
			if err != nil {
				t.Fatal(err)
			}
			if cancel {
				sandbox.Answer(ctx, pay.Authority, false)
			}
			// The browser comes back with Status=OK whatever happened; only the
			// gateway's word counts.
			got, err := p.Verify(ctx, u, pay.Authority)
			if err != nil || got.Status != zabano.PaymentPending {
				t.Fatalf("verify of an unpaid payment (cancelled %v): %+v, %v", cancel, got, err)
			}
			if _, _, err := p.TopUp(ctx, u, pay.Authority); zabano.ErrorCode(err) != zabano.ECONFLICT {
				t.Fatalf("top-up of an unpaid payment: %v", err)
			}
		}
		if b := balance(t, db, u.ID); b != 0 {
			t.Fatalf("balance %d after unpaid payments", b)
		}
		audit(t, db)
	})
}

func TestPaymentCreditsRecordedAmount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		gw := newFakeGateway()
		p, _ := newPayments(db, gw)
		u := mkUser(t, db, "sara", zabano.RoleStudent)
		pay, _, err := p.Request(ctx, u, zabano.PaymentRequest{Amount: 50_000})
		if err != nil {
			t.Fatal(err)
		}
		gw.pay(pay.Authority)
		// Nothing the client sends after the request reaches the money: the
		// server verifies and credits the amount it recorded.
		got, bal, err := p.TopUp(ctx, u, pay.Authority)
		if err != nil || got.Amount != 50_000 || bal != 50_000 {
			t.Fatalf("top-up: %+v, balance %d, %v", got, bal, err)
		}
		if asked := gw.verifications(); len(asked) != 1 || asked[0] != 50_000 {
			t.Fatalf("the gateway was asked to verify %v, want [50000]", asked)
		}
		if _, bal, _ := p.TopUp(ctx, u, pay.Authority); bal != 50_000 || len(gw.verifications()) != 1 {
			t.Fatalf("a repeat: balance %d, %d verifications", bal, len(gw.verifications()))
		}
	})
}

func TestPaymentOwnerAndErrors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		gw := newFakeGateway()
		p, _ := newPayments(db, gw)
		sara := mkUser(t, db, "sara", zabano.RoleStudent)
		reza := mkUser(t, db, "reza", zabano.RoleStudent)
		pay, _, err := p.Request(ctx, sara, zabano.PaymentRequest{Amount: 10_000})
		if err != nil {
			t.Fatal(err)
		}
		gw.pay(pay.Authority)
		for _, a := range []string{pay.Authority, "A000000000000000000000000000000000404"} {
			if _, err := p.Verify(ctx, reza, a); zabano.ErrorCode(err) != zabano.ENOTFOUND {
				t.Fatalf("another user's or an unknown authority %s: %v", a, err)
			}
			if _, _, err := p.TopUp(ctx, reza, a); zabano.ErrorCode(err) != zabano.ENOTFOUND {
				t.Fatalf("top-up of another user's or an unknown authority %s: %v", a, err)
			}
		}
		if _, err := p.Verify(ctx, sara, " "); zabano.ErrorCode(err) != zabano.EINVALID {
			t.Fatalf("no authority: %v", err)
		}
		if b := balance(t, db, reza.ID) + balance(t, db, sara.ID); b != 0 {
			t.Fatalf("balances %d after refused calls", b)
		}

		gw.down = true
		if _, _, err := p.Request(ctx, sara, zabano.PaymentRequest{Amount: 10_000}); zabano.ErrorCode(err) != zabano.EUNAVAILABLE {
			t.Fatalf("request with the gateway down: %v", err)
		}
		if _, err := p.Verify(ctx, sara, pay.Authority); zabano.ErrorCode(err) != zabano.EUNAVAILABLE {
			t.Fatalf("verify with the gateway down: %v", err)
		}
		gw.down = false
		if got, err := p.Verify(ctx, sara, pay.Authority); err != nil || got.Status != zabano.PaymentPaid {
			t.Fatalf("verify once the gateway is back: %+v, %v", got, err)
		}

		t.Run("requests per user are limited", func(t *testing.T) {
			var err error
			n := 0
			for ; err == nil && n < 100; n++ {
				_, _, err = p.Request(ctx, reza, zabano.PaymentRequest{Amount: 1_000})
			}
			if zabano.ErrorCode(err) != zabano.ETOOMANY || n != 21 {
				t.Fatalf("request %d: %v, want the 21st refused", n, err)
			}
		})
	})
}

func TestPaymentExpiry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		gw := newFakeGateway()
		p, clock := newPayments(db, gw)
		u := mkUser(t, db, "sara", zabano.RoleStudent)
		late, _, _ := p.Request(ctx, u, zabano.PaymentRequest{Amount: 10_000})
		clock.Add(10 * time.Minute)
		inFlight, _, _ := p.Request(ctx, u, zabano.PaymentRequest{Amount: 20_000})
		clock.Add(zabano.PaymentWindow - 10*time.Minute)

		// The window has passed for the first, not for the second.
		if got, err := p.Verify(ctx, u, late.Authority); err != nil || got.Status != zabano.PaymentExpired {
			t.Fatalf("verify after the window: %+v, %v", got, err)
		}
		if n := len(gw.verifications()); n != 0 {
			t.Fatalf("the gateway was asked %d times about an expired payment", n)
		}
		for i, want := range []int64{1, 0} {
			if n, err := p.ExpirePayments(ctx); err != nil || n != want {
				t.Fatalf("expiry run %d: %d, %v; want %d", i+1, n, err, want)
			}
		}
		if got, _ := db.FindPayment(ctx, late.Authority); got.Status != zabano.PaymentExpired {
			t.Fatalf("status %s", got.Status)
		}
		if got, _ := db.FindPayment(ctx, inFlight.Authority); got.Status != zabano.PaymentPending {
			t.Fatalf("a payment within its window expired: %s", got.Status)
		}

		// The gateway confirmed the second while the expiry job ran: the
		// confirmation wins, once.
		clock.Add(time.Hour)
		if n, _ := p.ExpirePayments(ctx); n != 1 {
			t.Fatalf("second expiry: %d", n)
		}
		v := &zabano.GatewayVerification{Paid: true, Code: 100, RefID: 9}
		for range 2 {
			if got, err := db.CompletePayment(ctx, inFlight.Authority, v); err != nil || got.Status != zabano.PaymentPaid {
				t.Fatalf("completing an expired payment the gateway confirmed: %+v, %v", got, err)
			}
		}
		if b := balance(t, db, u.ID); b != 20_000 {
			t.Fatalf("balance %d, want 20000", b)
		}
		audit(t, db)
	})
}

// TestReverify: an operator asks the gateway again about payments stuck as
// pending or expired: one the payer paid is credited, with its row in the
// log; one the gateway denies stays pending within its window and fails
// after it; one already paid is a conflict, asked of nobody.
func TestReverify(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		gw := newFakeGateway()
		p, clock := newPayments(db, gw)
		u := mkUser(t, db, "sara", zabano.RoleStudent)
		ops := mkOperator(t, db, "ops")
		request := func(amount int64) *zabano.Payment {
			t.Helper()
			pay, _, err := p.Request(ctx, u, zabano.PaymentRequest{Amount: amount})
			if err != nil {
				t.Fatal(err)
			}
			return pay
		}
		paidAtGateway, denied := request(30_000), request(40_000)
		gw.pay(paidAtGateway.Authority)
		clock.Add(zabano.PaymentWindow)
		if n, err := p.ExpirePayments(ctx); err != nil || n != 2 {
			t.Fatalf("expired %d, %v", n, err)
		}
		// The payer's own verification no longer asks once it has expired.
		if got, err := p.Verify(ctx, u, paidAtGateway.Authority); err != nil || got.Status != zabano.PaymentExpired || len(gw.verifications()) != 0 {
			t.Fatalf("the payer's verify after the window: %+v, %v, %d asked", got, err, len(gw.verifications()))
		}

		got, err := p.Reverify(ctx, ops, paidAtGateway.Authority)
		if err != nil || got.Status != zabano.PaymentPaid || got.RefID != 7 || got.User.Username != "sara" || balance(t, db, u.ID) != 30_000 {
			t.Fatalf("reverify of a paid one: %+v, %v, balance %d", got, err, balance(t, db, u.ID))
		}
		if _, err := p.Reverify(ctx, ops, paidAtGateway.Authority); zabano.ErrorCode(err) != zabano.ECONFLICT || len(gw.verifications()) != 1 {
			t.Fatalf("reverify of a credited one: %v, %d asked", err, len(gw.verifications()))
		}
		if got, err := p.Reverify(ctx, ops, denied.Authority); err != nil || got.Status != zabano.PaymentFailed {
			t.Fatalf("reverify of a denied one after its window: %+v, %v", got, err)
		}
		within := request(5_000)
		if got, err := p.Reverify(ctx, ops, within.Authority); err != nil || got.Status != zabano.PaymentPending {
			t.Fatalf("reverify of a denied one within its window: %+v, %v", got, err)
		}
		if got, err := p.Verify(ctx, u, denied.Authority); err != nil || got.Status != zabano.PaymentFailed {
			t.Fatalf("the payer's verify of a failed one: %+v, %v", got, err)
		}
		if _, err := p.Reverify(ctx, ops, "A-unknown"); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("an unknown authority: %v", err)
		}
		gw.down = true
		if _, err := p.Reverify(ctx, ops, within.Authority); zabano.ErrorCode(err) != zabano.EUNAVAILABLE {
			t.Fatalf("the gateway down: %v", err)
		}

		log, err := db.OperatorLog(ctx, 0, 10)
		if err != nil || len(log) != 3 || log[2].Action != zabano.ActionReverifyPayment || log[2].ObjectType != zabano.ObjectPayment ||
			log[2].ObjectID != paidAtGateway.ID || log[2].Reason != "gateway 100" || log[1].Reason != "gateway -51: not paid" {
			t.Fatalf("operator log: %+v, %v", log, err)
		}
		for status, want := range map[zabano.PaymentStatus]int{"": 3, zabano.PaymentPaid: 1, zabano.PaymentFailed: 1, zabano.PaymentPending: 1, zabano.PaymentExpired: 0} {
			if list, err := p.List(ctx, status, 0, 10); err != nil || len(list) != want {
				t.Errorf("payments %q: %d, %v; want %d", status, len(list), err, want)
			}
		}
		if _, err := p.List(ctx, "lost", 0, 10); zabano.ErrorCode(err) != zabano.EINVALID {
			t.Errorf("an unknown status: %v", err)
		}
		auditAll(t, db)
	})
}

// TestReverifyOnce: operators asking again and the payer verifying, all at
// once, about one payment paid at the gateway: it is credited once, and the
// operators who did not credit it are told it is paid.
func TestReverifyOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		sandbox := &payment.Sandbox{Store: db, PageURL: "https://zabano.test/sandbox/pay/"}
		p, _ := newPayments(db, sandbox)
		u := mkUser(t, db, "sara", zabano.RoleStudent)
		ops := mkOperator(t, db, "ops")
		for round := range 3 {
			pay, _, err := p.Request(ctx, u, zabano.PaymentRequest{Amount: 10_000})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := sandbox.Answer(ctx, pay.Authority, true); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 10)
			for i := range errs {
				wg.Go(func() {
					if i%2 == 0 {
						_, errs[i] = p.Reverify(ctx, ops, pay.Authority)
					} else if got, err := p.Verify(ctx, u, pay.Authority); err != nil || got.Status != zabano.PaymentPaid {
						errs[i] = fmt.Errorf("the payer's verify: %+v, %v", got, err)
					}
				})
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil && (i%2 == 1 || zabano.ErrorCode(err) != zabano.ECONFLICT) {
					t.Errorf("round %d, call %d: %v", round, i, err)
				}
			}
			if b := balance(t, db, u.ID); b != int64(round+1)*10_000 {
				t.Fatalf("round %d: balance %d, want each payment credited once", round, b)
			}
		}
		auditAll(t, db)
	})
}
