package notify_test

import (
	"errors"
	"io"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/mail"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// busyServer is a real SMTP server that answers every recipient "451 try
// again later", counting the tries.
type busyServer struct{ tries atomic.Int64 }

func (b *busyServer) NewSession(*smtp.Conn) (smtp.Session, error) { return busySession{b}, nil }

type busySession struct{ b *busyServer }

func (s busySession) Mail(string, *smtp.MailOptions) error { return nil }
func (s busySession) Rcpt(string, *smtp.RcptOptions) error {
	s.b.tries.Add(1)
	return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
}
func (s busySession) Data(io.Reader) error { return errors.New("no data expected") }
func (s busySession) Reset()               {}
func (s busySession) Logout() error        { return nil }

// TestSMTPRetryThenFail: the worker's email goes to a mail server that keeps
// answering "try again later"; each round tries it once more after its
// wait, and the fifth failure marks it failed for the operator.
func TestSMTPRetryThenFail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db, t0)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		busy := &busyServer{}
		srv := smtp.NewServer(busy)
		srv.Domain = "localhost"
		go srv.Serve(ln)
		defer srv.Close()

		// The teacher's verified address.
		addr := "maryam@example.com"
		if _, _, err := db.UpdateTeacherProfile(ctx, m.teacher.ID, &zabano.TeacherUpdate{Email: &addr}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ConfirmEmail(ctx, m.teacher.ID, addr); err != nil {
			t.Fatal(err)
		}
		links := &zabano.EmailLinks{Key: []byte("k"), PublicURL: "https://zabano.test", Now: m.clock.Now}
		m.worker.Senders[zabano.ChannelEmail] = &mail.Sender{Links: links, Now: m.clock.Now, Transport: &mail.SMTP{
			Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port, From: "Zabano <no-reply@zabano.test>", TLS: mail.NoTLS}}

		m.book(72 * time.Hour)
		for attempt := 1; attempt <= zabano.MaxDeliveryAttempts; attempt++ {
			m.deliver()
			if got := busy.tries.Load(); got != int64(attempt) {
				t.Fatalf("after round %d the server saw %d tries", attempt, got)
			}
			m.clock.Add(zabano.RetryAfter(attempt))
		}
		m.clock.Add(24 * time.Hour)
		m.deliver()
		if got := busy.tries.Load(); got != zabano.MaxDeliveryAttempts {
			t.Fatalf("the server saw %d tries, want %d", got, zabano.MaxDeliveryAttempts)
		}
		failed, err := db.FailedDeliveries(ctx, 0, 10)
		if err != nil || len(failed) != 1 {
			t.Fatalf("failed deliveries: %+v, %v", failed, err)
		}
		if f := failed[0]; f.Channel != zabano.ChannelEmail || f.Attempts != zabano.MaxDeliveryAttempts ||
			!strings.Contains(f.LastError, "451") || f.To.ID != m.teacher.ID {
			t.Fatalf("failed delivery: %+v", f)
		}
	})
}
