package mail

import (
	"context"
	"fmt"

	gomail "github.com/wneessen/go-mail"
)

// TLSMode is how the connection to the SMTP server is protected.
type TLSMode string

const (
	// StartTLS upgrades a plain connection, port 587 by default; a server
	// that cannot is refused.
	StartTLS TLSMode = "starttls"
	// ImplicitTLS speaks TLS from the start, port 465 by default.
	ImplicitTLS TLSMode = "tls"
	// NoTLS is for a relay on the same host or private network, port 25 by default.
	NoTLS TLSMode = "none"
)

// Valid reports whether m is one of the modes.
func (m TLSMode) Valid() bool { return m == StartTLS || m == ImplicitTLS || m == NoTLS }

// SMTP delivers messages to an SMTP server (a relay or a mail service),
// a connection per message.
type SMTP struct {
	Host string
	// Port is the server's; 0 is the TLS mode's usual port.
	Port int
	// Username and Password sign in, when Username is set: with the
	// strongest mechanism the server offers, PLAIN only over TLS.
	Username, Password string
	// From is the sender, an address or "Name <address>".
	From string
	TLS  TLSMode
}

// Deliver implements Transport.
func (s *SMTP) Deliver(ctx context.Context, m *Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.From); err != nil {
		return fmt.Errorf("smtp: from %q: %w", s.From, err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("smtp: to %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDateWithValue(m.SentAt)
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(m.MessageID)
	}
	// Sent by a program: no out-of-office replies to it (RFC 3834).
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	if m.OneClick != "" {
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribe, "<"+m.OneClick+">")
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)

	c, err := gomail.NewClient(s.Host, s.options()...)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

// options are the client's settings for s.
func (s *SMTP) options() []gomail.Option {
	port, opts := s.Port, []gomail.Option{}
	switch s.TLS {
	case ImplicitTLS:
		opts = append(opts, gomail.WithSSL())
		if port == 0 {
			port = gomail.DefaultPortSSL
		}
	case NoTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
		if port == 0 {
			port = gomail.DefaultPort
		}
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		if port == 0 {
			port = gomail.DefaultPortTLS
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if s.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.Username), gomail.WithPassword(s.Password))
	}
	return opts
}
