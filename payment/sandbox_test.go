package payment_test

import (
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/payment"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

func TestSandbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		s := &payment.Sandbox{Store: db, PageURL: "https://zabano.test/sandbox/pay/"}
		request := func(amount int64) string {
			t.Helper()
			gp, err := s.Request(ctx, zabano.GatewayRequest{Amount: amount, Description: "top-up", CallbackURL: "https://zabano.test/payment/callback?from=sandbox"})
			if err != nil {
				t.Fatal(err)
			}
			if gp.Code != 100 || len(gp.Authority) != 27 || gp.Authority[0] != 'S' || gp.PayURL != s.PageURL+gp.Authority {
				t.Fatalf("request: %+v", gp)
			}
			return gp.Authority
		}
		verify := func(authority string, amount int64) *zabano.GatewayVerification {
			t.Helper()
			v, err := s.Verify(ctx, authority, amount)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}

		paid := request(50_000)
		if v := verify(paid, 50_000); v.Paid || v.Code != -51 {
			t.Fatalf("before paying: %+v", v)
		}
		p, err := s.Answer(ctx, paid, true)
		if err != nil || p.Status != payment.SandboxPaid || p.Amount != 50_000 || p.Description != "top-up" {
			t.Fatalf("pay: %+v, %v", p, err)
		}
		if got := p.ReturnURL(); got != "https://zabano.test/payment/callback?Authority="+paid+"&Status=OK&from=sandbox" {
			t.Fatalf("return address %s", got)
		}
		if v := verify(paid, 49_999); v.Paid || v.Code != -50 {
			t.Fatalf("another amount: %+v", v)
		}
		first := verify(paid, 50_000)
		if !first.Paid || first.Code != 100 || first.RefID != p.ID || first.CardPAN == "" {
			t.Fatalf("first verification: %+v", first)
		}
		if again := verify(paid, 50_000); !again.Paid || again.Code != 101 || again.RefID != first.RefID {
			t.Fatalf("second verification: %+v", again)
		}
		if p, _ := s.Answer(ctx, paid, false); p.Status != payment.SandboxVerified {
			t.Fatalf("cancel after paying: %s", p.Status)
		}

		cancelled := request(10_000)
		p, err = s.Answer(ctx, cancelled, false)
		if err != nil || p.Status != payment.SandboxCancelled || p.ReturnURL() != "https://zabano.test/payment/callback?Authority="+cancelled+"&Status=NOK&from=sandbox" {
			t.Fatalf("cancel: %+v %s, %v", p, p.ReturnURL(), err)
		}
		if p, _ := s.Answer(ctx, cancelled, true); p.Status != payment.SandboxCancelled {
			t.Fatalf("pay after cancelling: %s", p.Status)
		}
		if v := verify(cancelled, 10_000); v.Paid || v.Code != -51 {
			t.Fatalf("verify a cancelled payment: %+v", v)
		}
		if v := verify("S-unknown", 10_000); v.Paid || v.Code != -54 {
			t.Fatalf("unknown authority: %+v", v)
		}
		if _, err := s.Answer(ctx, "S-unknown", true); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("answer for an unknown authority: %v", err)
		}
		if _, err := s.Payment(ctx, "S-unknown"); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("page of an unknown authority: %v", err)
		}
	})
}
