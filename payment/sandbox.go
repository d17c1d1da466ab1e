// Package payment holds Zabano's card payment gateways, both speaking
// Zarinpal's protocol (zabano.Gateway): Zarinpal itself, and a sandbox that
// plays the gateway inside the server, so that top-ups work offline in
// development and tests.
package payment

import (
	"context"
	"crypto/rand"
	"net/url"
	"time"

	"github.com/zabano/zabano"
)

// SandboxStatus is where a sandbox payment stands.
type SandboxStatus string

const (
	SandboxPending   SandboxStatus = "pending"
	SandboxPaid      SandboxStatus = "paid"
	SandboxCancelled SandboxStatus = "cancelled"
	// SandboxVerified: paid, and verified by the server once; later
	// verifications answer 101 as Zarinpal does.
	SandboxVerified SandboxStatus = "verified"
)

// SandboxPayment is a payment the sandbox was asked to take.
type SandboxPayment struct {
	// ID is also the receipt number (ref_id) of the payment once paid.
	ID          int64
	Authority   string
	Amount      int64 // Toman
	Description string
	CallbackURL string
	Status      SandboxStatus
	CreatedAt   time.Time
}

// ReturnURL is where the sandbox sends the payer back: the callback with the
// authority and Status OK once paid, NOK otherwise, as Zarinpal does.
func (p *SandboxPayment) ReturnURL() string {
	status := "NOK"
	if p.Status == SandboxPaid || p.Status == SandboxVerified {
		status = "OK"
	}
	u, err := url.Parse(p.CallbackURL)
	if err != nil {
		// The server made the callback address itself; it parses.
		panic(err)
	}
	q := u.Query()
	q.Set("Authority", p.Authority)
	q.Set("Status", status)
	u.RawQuery = q.Encode()
	return u.String()
}

// SandboxStore keeps the sandbox's payments in the database, so that any
// server process can show, settle or verify a payment another one issued.
type SandboxStore interface {
	// CreateSandboxPayment records p, setting its ID, Status and CreatedAt.
	CreateSandboxPayment(ctx context.Context, p *SandboxPayment) error
	// FindSandboxPayment returns the payment of authority, or ENOTFOUND.
	FindSandboxPayment(ctx context.Context, authority string) (*SandboxPayment, error)
	// MoveSandboxPayment sets the status of authority's payment to `to` if it
	// is `from`, and reports whether it did.
	MoveSandboxPayment(ctx context.Context, authority string, from, to SandboxStatus) (bool, error)
}

// Sandbox is a simulated gateway: the server itself. Its payment page, served
// by httpapi, lets the payer pay or cancel; nothing real is charged.
type Sandbox struct {
	Store SandboxStore
	// PageURL is the address of the sandbox's payment page, to which the
	// authority is appended.
	PageURL string
}

// Zarinpal's answers, which the sandbox repeats.
const (
	codeOK               = 100
	codeVerified         = 101
	codeAmountMismatch   = -50
	codeNotPaid          = -51
	codeInvalidAuthority = -54
)

// sandboxCardPAN is the masked card the sandbox says was used.
const sandboxCardPAN = "000000******0000"

// Request implements zabano.Gateway.
func (s *Sandbox) Request(ctx context.Context, r zabano.GatewayRequest) (*zabano.GatewayPayment, error) {
	// Zarinpal's authorities start with A; the sandbox's start with S, and
	// their random tail (128 bits) cannot be guessed.
	p := &SandboxPayment{
		Authority: "S" + rand.Text(), Amount: r.Amount, Description: r.Description, CallbackURL: r.CallbackURL,
	}
	if err := s.Store.CreateSandboxPayment(ctx, p); err != nil {
		return nil, err
	}
	return &zabano.GatewayPayment{
		Authority: p.Authority, PayURL: s.PageURL + p.Authority,
		Code: codeOK, Message: "Success", Fee: 0, FeeType: "Merchant",
	}, nil
}

// Verify implements zabano.Gateway: 100 the first time for a paid payment,
// 101 after, and Zarinpal's refusals otherwise.
func (s *Sandbox) Verify(ctx context.Context, authority string, amount int64) (*zabano.GatewayVerification, error) {
	p, err := s.Store.FindSandboxPayment(ctx, authority)
	switch {
	case zabano.ErrorCode(err) == zabano.ENOTFOUND:
		return &zabano.GatewayVerification{Code: codeInvalidAuthority, Message: "Invalid authority."}, nil
	case err != nil:
		return nil, err
	case p.Amount != amount:
		return &zabano.GatewayVerification{Code: codeAmountMismatch, Message: "Session is not valid, amounts values is not the same."}, nil
	}
	first, err := s.Store.MoveSandboxPayment(ctx, authority, SandboxPaid, SandboxVerified)
	if err != nil {
		return nil, err
	}
	if first {
		return &zabano.GatewayVerification{Paid: true, Code: codeOK, Message: "Verified", RefID: p.ID, CardPAN: sandboxCardPAN}, nil
	}
	if p, err = s.Store.FindSandboxPayment(ctx, authority); err != nil {
		return nil, err
	}
	if p.Status == SandboxVerified {
		return &zabano.GatewayVerification{Paid: true, Code: codeVerified, Message: "Verified", RefID: p.ID, CardPAN: sandboxCardPAN}, nil
	}
	return &zabano.GatewayVerification{Code: codeNotPaid, Message: "Session is not valid, session is not active paid try."}, nil
}

// Payment returns the payment of authority, for its page.
func (s *Sandbox) Payment(ctx context.Context, authority string) (*SandboxPayment, error) {
	return s.Store.FindSandboxPayment(ctx, authority)
}

// Answer records the payer's choice on the page, pay or cancel, and returns
// the payment. A payment already paid or cancelled keeps its first answer.
func (s *Sandbox) Answer(ctx context.Context, authority string, pay bool) (*SandboxPayment, error) {
	to := SandboxCancelled
	if pay {
		to = SandboxPaid
	}
	if _, err := s.Store.MoveSandboxPayment(ctx, authority, SandboxPending, to); err != nil {
		return nil, err
	}
	return s.Store.FindSandboxPayment(ctx, authority)
}
