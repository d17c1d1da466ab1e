package mail_test

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/mail"
)

var (
	ctx = context.Background()
	now = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
)

func links() *zabano.EmailLinks {
	return &zabano.EmailLinks{Key: []byte("email-key"), PublicURL: "https://zabano.test", Now: func() time.Time { return now }}
}

// teacher has a verified email.
func teacher() *zabano.User {
	return &zabano.User{ID: 42, Role: zabano.RoleTeacher, Username: "maryam", Email: "maryam@example.com",
		EmailVerifiedAt: now.Add(-time.Hour)}
}

// booked is a class_booked notification for the teacher, a class 2 days away.
func booked() *zabano.Notification {
	return &zabano.Notification{ID: 5, UserID: 42, Kind: zabano.KindClassBooked, ObjectType: zabano.ObjectBooking, ObjectID: 9,
		Data: zabano.NotificationData{Name: "Sara Ahmadi", Start: time.Date(2026, 11, 23, 14, 30, 0, 0, time.UTC)}, DueAt: now}
}

func prefs(lang, zone string) *zabano.NotificationPrefs {
	p := zabano.DefaultNotificationPrefs()
	p.Language, p.TimeZone = lang, zone
	return &p
}

func smtpSender(s *smtpServer, tls mail.TLSMode, user, password string) *mail.Sender {
	return &mail.Sender{
		Transport: &mail.SMTP{Host: "127.0.0.1", Port: s.port, From: "Zabano <no-reply@zabano.test>", TLS: tls, Username: user, Password: password},
		Links:     links(),
		Now:       func() time.Time { return now },
	}
}

// TestSendNotification sends a notification through a real SMTP server in
// each TLS mode and reads it as a mail client would: both parts, in the
// reader's language, zone and direction, with the app's link and a signed
// one-click unsubscribe.
func TestSendNotification(t *testing.T) {
	for _, tc := range []struct {
		name           string
		opts           serverOpts
		mode           mail.TLSMode
		user, password string
		wantTLS        bool
	}{
		{name: "plain relay", opts: serverOpts{}, mode: mail.NoTLS},
		{name: "starttls with a password", opts: serverOpts{startTLS: true, user: "zabano", password: "pw"}, mode: mail.StartTLS,
			user: "zabano", password: "pw", wantTLS: true},
		{name: "implicit tls with a password", opts: serverOpts{implicitTLS: true, user: "zabano", password: "pw"}, mode: mail.ImplicitTLS,
			user: "zabano", password: "pw", wantTLS: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newSMTPServer(t, tc.opts)
			s := smtpSender(srv, tc.mode, tc.user, tc.password)
			n := booked()
			err := s.Send(ctx, &zabano.Outgoing{DeliveryID: 77, Notification: n, To: teacher(), Prefs: prefs("fa", "Asia/Tehran")})
			if err != nil {
				t.Fatal(err)
			}
			got := srv.messages()
			if len(got) != 1 {
				t.Fatalf("server got %d messages, want 1", len(got))
			}
			r := got[0]
			if r.from != "no-reply@zabano.test" || len(r.to) != 1 || r.to[0] != "maryam@example.com" {
				t.Errorf("envelope from %q to %q", r.from, r.to)
			}
			if r.tls != tc.wantTLS || r.user != tc.user {
				t.Errorf("session tls %v user %q, want %v %q", r.tls, r.user, tc.wantTLS, tc.user)
			}
			e := parse(t, r.data)
			if e.subject != "کلاس تازه رزرو شد" {
				t.Errorf("subject %q, want the Persian title", e.subject)
			}
			if id := e.header.Get("Message-Id"); id != "<delivery-77@zabano.test>" {
				t.Errorf("Message-ID %q: want one per delivery, the same on every try", id)
			}
			if got := e.header.Get("Auto-Submitted"); got != "auto-generated" {
				t.Errorf("Auto-Submitted %q", got)
			}
			checkUnsubscribe(t, e, zabano.KindClassBooked)

			text := n.Text(zabano.Tehran).Fa
			if !strings.Contains(e.text, text) || !strings.Contains(e.html, template.HTMLEscapeString(text)) {
				t.Errorf("the notification's text %q is missing:\ntext: %s\nhtml: %s", text, e.text, e.html)
			}
			if !strings.Contains(text, "۱۸:۰۰") { // 14:30 UTC is 18:00 in Tehran
				t.Errorf("text %q is not in Tehran's time with Persian digits", text)
			}
			for _, part := range []string{e.text, e.html} {
				if !strings.Contains(part, "https://zabano.test/teacher/booked-slots") {
					t.Errorf("no link to the teacher's classes in %s", part)
				}
			}
			if !strings.Contains(e.html, `<html lang="fa" dir="rtl">`) || !strings.Contains(e.html, "text-align:right") {
				t.Errorf("the Persian HTML is not right to left:\n%s", e.html)
			}
		})
	}
}

// checkUnsubscribe checks e's one-click header (RFC 8058) and its visible
// link: both carry a token that turns kind's emails off for the recipient.
func checkUnsubscribe(t *testing.T, e email, kind zabano.NotificationKind) {
	t.Helper()
	if got := e.header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post %q", got)
	}
	header := e.header.Get("List-Unsubscribe")
	oneClick, ok := strings.CutPrefix(header, "<https://zabano.test/api/notifications/unsubscribe/?token=")
	if !ok || !strings.HasSuffix(oneClick, ">") {
		t.Fatalf("List-Unsubscribe %q: want the API's one-click address in <>", header)
	}
	want := zabano.Unsubscription{UserID: 42, Kind: kind, Channel: zabano.ChannelEmail}
	for _, token := range []string{strings.TrimSuffix(oneClick, ">"), visibleToken(t, e.text), visibleToken(t, e.html)} {
		token, _ = url.QueryUnescape(token)
		if got, err := links().Unsubscription(token); err != nil || got != want {
			t.Errorf("unsubscribe token %q reads %+v, %v; want %+v", token, got, err, want)
		}
	}
}

// visibleToken is the token of the unsubscribe page's link in a part.
func visibleToken(t *testing.T, part string) string {
	t.Helper()
	const page = "https://zabano.test/unsubscribe?token="
	i := strings.Index(part, page)
	if i < 0 {
		t.Fatalf("no link to the unsubscribe page in:\n%s", part)
	}
	rest := part[i+len(page):]
	end := strings.IndexAny(rest, "\"\n ")
	if end < 0 {
		end = len(rest)
	}
	return rest[:end]
}

// TestSendEnglish writes in the reader's language and zone, left to right.
func TestSendEnglish(t *testing.T) {
	srv := newSMTPServer(t, serverOpts{})
	n := booked()
	err := smtpSender(srv, mail.NoTLS, "", "").Send(ctx, &zabano.Outgoing{DeliveryID: 1, Notification: n, To: teacher(), Prefs: prefs("en", "Europe/Berlin")})
	if err != nil {
		t.Fatal(err)
	}
	e := parse(t, srv.messages()[0].data)
	berlin, _ := time.LoadLocation("Europe/Berlin")
	text := n.Text(berlin).En
	if e.subject != "New class booked" || !strings.Contains(e.text, text) || !strings.Contains(text, "15:30 (Europe/Berlin)") {
		t.Errorf("subject %q, text %q; want English in Berlin's time", e.subject, e.text)
	}
	if !strings.Contains(e.html, `<html lang="en" dir="ltr">`) {
		t.Errorf("English HTML is not left to right:\n%s", e.html)
	}
	checkUnsubscribe(t, e, zabano.KindClassBooked)
}

// TestSendNoAddress: an address nobody verified, or none, is not written to;
// the worker skips the delivery.
func TestSendNoAddress(t *testing.T) {
	srv := newSMTPServer(t, serverOpts{})
	s := smtpSender(srv, mail.NoTLS, "", "")
	unverified := teacher()
	unverified.EmailVerifiedAt = time.Time{}
	none := teacher()
	none.Email = ""
	deleted := teacher()
	deleted.DeletedAt = now
	for name, u := range map[string]*zabano.User{"unverified": unverified, "no email": none, "deleted": deleted} {
		err := s.Send(ctx, &zabano.Outgoing{DeliveryID: 1, Notification: booked(), To: u, Prefs: prefs("fa", "")})
		if !errors.Is(err, zabano.ErrNoAddress) {
			t.Errorf("%s: %v, want ErrNoAddress", name, err)
		}
	}
	if n := len(srv.messages()); n != 0 {
		t.Errorf("the server got %d messages", n)
	}
}

// TestSendFailures: a server that refuses, for now or for good, or is down,
// makes Send fail with an error the worker retries, not ErrNoAddress.
func TestSendFailures(t *testing.T) {
	busy := &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	refused := &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "message refused"}
	down := newSMTPServer(t, serverOpts{})
	down.close()
	for _, tc := range []struct {
		name string
		srv  *smtpServer
		mode mail.TLSMode
		want string
	}{
		{"4xx at RCPT", newSMTPServer(t, serverOpts{rcptErr: busy}), mail.NoTLS, "451"},
		{"5xx at DATA", newSMTPServer(t, serverOpts{dataErr: refused}), mail.NoTLS, "554"},
		{"wrong password", newSMTPServer(t, serverOpts{startTLS: true, user: "zabano", password: "right"}), mail.StartTLS, "AUTH failed"},
		{"no STARTTLS offered", newSMTPServer(t, serverOpts{}), mail.StartTLS, "STARTTLS"},
		{"down", down, mail.NoTLS, "dial"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			user := ""
			if tc.name == "wrong password" {
				user = "zabano"
			}
			ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
			defer cancel()
			err := smtpSender(tc.srv, tc.mode, user, "wrong").Send(ctx, &zabano.Outgoing{DeliveryID: 1, Notification: booked(), To: teacher(), Prefs: prefs("fa", "")})
			if err == nil || errors.Is(err, zabano.ErrNoAddress) {
				t.Fatalf("Send: %v, want a failure to retry", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
			if n := len(tc.srv.messages()); n != 0 {
				t.Errorf("the server kept %d messages", n)
			}
		})
	}
}

// TestSendVerification sends the link that verifies an address, verified
// or not: no unsubscribe, as it is no notification.
func TestSendVerification(t *testing.T) {
	srv := newSMTPServer(t, serverOpts{})
	u := teacher()
	u.EmailVerifiedAt = time.Time{}
	link := links().VerifyURL(u)
	if err := smtpSender(srv, mail.NoTLS, "", "").SendVerification(ctx, u, link, "fa"); err != nil {
		t.Fatal(err)
	}
	e := parse(t, srv.messages()[0].data)
	if e.subject != "ایمیل خود را تأیید کنید" {
		t.Errorf("subject %q", e.subject)
	}
	if !strings.Contains(e.text, link) || !strings.Contains(e.html, template.HTMLEscapeString(link)) {
		t.Errorf("the link %s is missing:\n%s\n%s", link, e.text, e.html)
	}
	if h := e.header.Get("List-Unsubscribe"); h != "" || strings.Contains(e.text, "/unsubscribe") {
		t.Errorf("a verification email offers to unsubscribe: %q", h)
	}
}

// TestOutbox keeps what the dev server "sent", latest first, for one
// address or all, and only the last 200.
func TestOutbox(t *testing.T) {
	o := &mail.Outbox{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	s := &mail.Sender{Transport: o, Links: links(), Now: func() time.Time { return now }}
	a, b := teacher(), teacher()
	b.Email = "other@example.com"
	for i, u := range []*zabano.User{a, b, a} {
		if err := s.Send(ctx, &zabano.Outgoing{DeliveryID: int64(i + 1), Notification: booked(), To: u, Prefs: prefs("en", "")}); err != nil {
			t.Fatal(err)
		}
	}
	got := o.Messages("maryam@example.com")
	if len(got) != 2 || got[0].MessageID != "delivery-3@zabano.test" || got[1].MessageID != "delivery-1@zabano.test" {
		t.Fatalf("one address's messages, latest first: %+v", got)
	}
	m := got[0]
	if m.Subject != "New class booked" || !strings.HasPrefix(m.Unsubscribe, "https://zabano.test/unsubscribe?token=") ||
		!strings.Contains(m.Text, "Sara Ahmadi") || !strings.Contains(m.HTML, "Sara Ahmadi") || !m.SentAt.Equal(now) {
		t.Errorf("kept message: %+v", m)
	}
	for i := range 250 {
		s.Send(ctx, &zabano.Outgoing{DeliveryID: int64(10 + i), Notification: booked(), To: a, Prefs: prefs("fa", "")})
	}
	if n := len(o.Messages("")); n != 200 {
		t.Fatalf("outbox keeps %d, want the last 200", n)
	}
	if got := o.Messages("")[0].MessageID; got != fmt.Sprintf("delivery-%d@zabano.test", 259) {
		t.Errorf("latest %s", got)
	}
}
