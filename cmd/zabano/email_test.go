package main

import (
	"bytes"
	"io"
	"log"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
)

// smtpEnv is a dev server's settings with a mail server, and extra.
func smtpEnv(extra map[string]string) map[string]string {
	env := map[string]string{"ZABANO_ENV": "dev", "ZABANO_SMTP_HOST": "mail.zabano.test"}
	for k, v := range extra {
		env[k] = v
	}
	return env
}

// registerWithEmail opens a student's account with an email and signs in.
func (c client) registerWithEmail(name, phone, email string) string {
	c.t.Helper()
	if st, m := c.call("POST", "/api/register/", "", map[string]any{
		"username": name, "password": "secret1", "role": "student", "phone": phone, "code": c.code(phone), "email": email,
	}); st != 201 || m["email_verified"] != false {
		c.t.Fatalf("register: %d %v", st, m)
	}
	st, m := c.call("POST", "/api/token/", "", map[string]string{"username": name, "password": "secret1"})
	if st != 200 {
		c.t.Fatalf("login: %d %v", st, m)
	}
	return m["access"].(string)
}

// verifyToken is the token of the verification link in text.
func verifyToken(t *testing.T, text string) string {
	t.Helper()
	_, rest, ok := strings.Cut(text, "/verify-email?token=")
	if !ok {
		t.Fatalf("no verification link in %q", text)
	}
	token, _, _ := strings.Cut(rest, "\n")
	token, err := url.QueryUnescape(token)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// TestServeEmailOutbox: a dev server without a mail server keeps its
// emails in the outbox, where a developer finds the verification link.
func TestServeEmailOutbox(t *testing.T) {
	c := client{t, boot(t, map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir()})}
	token := c.registerWithEmail("sara", "09121240001", "sara@example.com")
	if st, m := c.call("POST", "/api/account/email/verify/", token, nil); st != 202 {
		t.Fatalf("verify: %d %v", st, m)
	}
	st, m := c.call("GET", "/api/dev/mail-outbox/?to=sara@example.com", "", nil)
	items, _ := m["items"].([]any)
	if st != 200 || len(items) != 1 {
		t.Fatalf("mail outbox: %d %v", st, m)
	}
	link := verifyToken(t, items[0].(map[string]any)["text"].(string))
	if st, m := c.call("POST", "/api/account/email/confirm/", "", map[string]string{"token": link}); st != 200 || m["email_verified"] != true {
		t.Fatalf("confirm: %d %v", st, m)
	}
	if st, m := c.call("GET", "/api/profile/", token, nil); st != 200 || m["email_verified"] != true {
		t.Fatalf("profile: %d %v", st, m)
	}
}

// TestServeEmailBySMTP: with ZABANO_SMTP_HOST the server sends its emails
// to that mail server, and has no outbox.
func TestServeEmailBySMTP(t *testing.T) {
	srv := startSMTP(t)
	c := client{t, boot(t, map[string]string{
		"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir(), "ZABANO_PUBLIC_URL": "https://zabano.test",
		"ZABANO_SMTP_HOST": "127.0.0.1", "ZABANO_SMTP_PORT": strconv.Itoa(srv.port), "ZABANO_SMTP_TLS": "none",
		"ZABANO_SMTP_FROM": "Zabano <no-reply@zabano.test>",
	})}
	token := c.registerWithEmail("sara", "09121240002", "sara@example.com")
	if st, m := c.call("POST", "/api/account/email/verify/", token, nil); st != 202 {
		t.Fatalf("verify: %d %v", st, m)
	}
	got := srv.received()
	if len(got) != 1 {
		t.Fatalf("the mail server got %d messages", len(got))
	}
	msg, err := mail.ReadMessage(bytes.NewReader(got[0]))
	if err != nil {
		t.Fatal(err)
	}
	if from := msg.Header.Get("From"); from != `"Zabano" <no-reply@zabano.test>` || msg.Header.Get("To") != "<sara@example.com>" {
		t.Errorf("From %q To %q", from, msg.Header.Get("To"))
	}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	part, err := multipart.NewReader(msg.Body, params["boundary"]).NextPart() // the text, decoded
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(part)
	if !strings.Contains(string(text), "https://zabano.test/verify-email?token=") {
		t.Errorf("no verification link in\n%s", text)
	}
	if st, _ := c.call("GET", "/api/dev/mail-outbox/", "", nil); st != 404 {
		t.Errorf("mail outbox with a mail server: %d", st)
	}
}

// smtpSink is a real SMTP server (emersion/go-smtp) that keeps what it gets.
type smtpSink struct {
	port int
	mu   sync.Mutex
	got  [][]byte
}

func startSMTP(t *testing.T) *smtpSink {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sink := &smtpSink{port: ln.Addr().(*net.TCPAddr).Port}
	s := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &sinkSession{sink: sink}, nil }))
	s.Domain = "localhost"
	s.ErrorLog = log.New(io.Discard, "", 0)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Serve(ln)
	}()
	t.Cleanup(func() {
		ln.Close()
		s.Close()
		<-done
	})
	return sink
}

func (s *smtpSink) received() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.got...)
}

type sinkSession struct{ sink *smtpSink }

func (s *sinkSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *sinkSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *sinkSession) Reset()                               {}
func (s *sinkSession) Logout() error                        { return nil }
func (s *sinkSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.sink.mu.Lock()
	s.sink.got = append(s.sink.got, b)
	s.sink.mu.Unlock()
	return err
}
