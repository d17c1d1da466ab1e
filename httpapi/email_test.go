package httpapi_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/mail"
)

// emailLinks signs the email links of the test servers.
func emailLinks(now func() time.Time) *zabano.EmailLinks {
	return &zabano.EmailLinks{Key: []byte("email-key"), PublicURL: "https://zabano.test", Now: now}
}

// emailOf is the address of an actor of the world.
func emailOf(who int) string { return strings.ReplaceAll(actorName[who], " ", ".") + "@example.com" }

// giveEmail makes a member of the world save an email in their profile.
func (w *world) giveEmail(who int) {
	w.t.Helper()
	switch who {
	case student, student2:
		w.ok(200, req{method: "POST", path: "/api/student/profile/", token: w.token[who], body: map[string]string{"email": emailOf(who)}})
	case teacher, teacher2:
		w.ok(200, req{method: "POST", path: "/api/teacher/profile/", token: w.token[who], body: multipartOf(w.t, map[string]string{"email": emailOf(who)})})
	}
}

// mailTo is the emails the dev outbox kept for addr, latest first.
func (a *app) mailTo(addr string) []mail.Message { return a.mail.Messages(addr) }

// linkToken is the token of the first link to page (a URL up to "?token=")
// in text.
func linkToken(t *testing.T, text, page string) string {
	t.Helper()
	i := strings.Index(text, page+"?token=")
	if i < 0 {
		t.Fatalf("no link to %s in:\n%s", page, text)
	}
	rest := text[i+len(page+"?token="):]
	if end := strings.IndexAny(rest, "\"\n "); end >= 0 {
		rest = rest[:end]
	}
	token, err := url.QueryUnescape(rest)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// tamper changes the first character of a token's signature.
func tamper(token string) string {
	payload, sig, _ := strings.Cut(token, ".")
	c := "A"
	if strings.HasPrefix(sig, "A") {
		c = "B"
	}
	return payload + "." + c + sig[1:]
}

// profileVerified reads email and email_verified from GET /api/profile/.
func (a *app) profileVerified(token string) (string, bool) {
	a.t.Helper()
	r := a.do(req{method: "GET", path: "/api/profile/", token: token})
	if r.status != 200 {
		a.t.Fatalf("profile: %d %s", r.status, r.body)
	}
	m := r.json(a.t)
	return m["email"].(string), m["email_verified"].(bool)
}

// askVerification asks for a link for the user of token and returns the
// token of the link that reached addr.
func (a *app) askVerification(t *testing.T, token, addr string) string {
	t.Helper()
	r := a.do(req{method: "POST", path: "/api/account/email/verify/", token: token})
	if r.status != 202 || !strings.Contains(r.json(t)["detail"].(string), addr) {
		t.Fatalf("verify: %d %s", r.status, r.body)
	}
	got := a.mailTo(addr)
	if len(got) == 0 {
		t.Fatalf("no email reached %s", addr)
	}
	return linkToken(t, got[0].Text, "https://zabano.test/verify-email")
}

func (a *app) confirm(token, lang string) resp {
	return a.do(req{method: "POST", path: "/api/account/email/confirm/", body: map[string]string{"token": token}, lang: lang})
}

// TestEmailVerification: a member verifies their email by the link sent to
// it, without signing in; a tampered or expired link is refused, and a new
// email is not verified until its own link is opened.
func TestEmailVerification(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		sara := a.register("sara", zabano.RoleStudent, "09121000201")
		maryam := a.register("maryam", zabano.RoleTeacher, "09121000202")

		if r := a.do(req{method: "POST", path: "/api/account/email/verify/", token: sara}); r.status != 400 || r.field(t, "email") != "Add your email to your profile first." {
			t.Fatalf("no email: %d %s", r.status, r.body)
		}
		a.do(req{method: "POST", path: "/api/student/profile/", token: sara, body: map[string]string{"email": "sara@example.com"}})
		if email, verified := a.profileVerified(sara); email != "sara@example.com" || verified {
			t.Fatalf("a new email: %q verified %v", email, verified)
		}

		link := a.askVerification(t, sara, "sara@example.com")
		m := a.mailTo("sara@example.com")[0]
		if m.Subject != "Verify your email" || !strings.Contains(m.HTML, `dir="ltr"`) || m.Unsubscribe != "" {
			t.Errorf("verification email: %+v", m)
		}

		t.Run("tampered or wrong links change nothing", func(t *testing.T) {
			payload, sig, _ := strings.Cut(link, ".")
			other := emailLinks(a.clock.Now).VerifyURL(&zabano.User{ID: 999, Email: "sara@example.com"})
			otherPayload, _, _ := strings.Cut(linkToken(t, other, "https://zabano.test/verify-email"), ".")
			forged := (&zabano.EmailLinks{Key: []byte("guess"), PublicURL: "https://zabano.test", Now: a.clock.Now}).
				VerifyURL(&zabano.User{ID: a.userID(t, "sara"), Email: "sara@example.com"})
			for name, token := range map[string]string{
				"empty":             "",
				"no signature":      payload,
				"signature changed": tamper(link),
				"another payload":   otherPayload + "." + sig,
				"another key":       linkToken(t, forged, "https://zabano.test/verify-email"),
			} {
				if r := a.confirm(token, "fa"); r.status != 400 || r.field(t, "token") != "این پیوند معتبر نیست یا منقضی شده است. در تنظیمات پیوند تازه‌ای بخواهید." {
					t.Errorf("%s: %d %s", name, r.status, r.body)
				}
			}
			if _, verified := a.profileVerified(sara); verified {
				t.Fatal("a refused link verified the email")
			}
		})

		r := a.confirm(link, "en")
		if r.status != 200 || string(r.body) != `{"email":"sara@example.com","email_verified":true}`+"\n" {
			t.Fatalf("confirm: %d %s", r.status, r.body)
		}
		if _, verified := a.profileVerified(sara); !verified {
			t.Fatal("the profile does not show the email verified")
		}
		if r := a.confirm(link, "en"); r.status != 200 {
			t.Errorf("a second confirmation: %d %s", r.status, r.body)
		}

		t.Run("the same email saved again stays verified; a new one is not", func(t *testing.T) {
			a.do(req{method: "POST", path: "/api/student/profile/", token: sara, body: map[string]string{"email": "sara@example.com", "bio": "hi"}})
			if _, verified := a.profileVerified(sara); !verified {
				t.Fatal("saving the same email cleared its verification")
			}
			a.do(req{method: "POST", path: "/api/student/profile/", token: sara, body: map[string]string{"email": "sara.new@example.com"}})
			if email, verified := a.profileVerified(sara); email != "sara.new@example.com" || verified {
				t.Fatalf("a changed email: %q verified %v", email, verified)
			}
			if r := a.confirm(link, "en"); r.status != 400 || !strings.Contains(r.field(t, "token"), "no longer use") {
				t.Errorf("the old email's link: %d %s", r.status, r.body)
			}
			if _, verified := a.profileVerified(sara); verified {
				t.Fatal("the old email's link verified the new email")
			}
		})

		t.Run("a link expires after 48 hours", func(t *testing.T) {
			late := a.askVerification(t, sara, "sara.new@example.com")
			a.clock.Add(zabano.EmailLinkTTL + time.Second)
			if r := a.confirm(late, "en"); r.status != 400 || !strings.Contains(r.field(t, "token"), "expired") {
				t.Errorf("an expired link: %d %s", r.status, r.body)
			}
			fresh := a.askVerification(t, sara, "sara.new@example.com")
			if r := a.confirm(fresh, "en"); r.status != 200 {
				t.Errorf("a fresh link: %d %s", r.status, r.body)
			}
		})

		t.Run("a teacher changes and verifies their email too", func(t *testing.T) {
			r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: maryam, body: multipartOf(t, map[string]string{"email": "not an email"})})
			if r.status != 400 || r.field(t, "email") != "Enter a valid email address." {
				t.Fatalf("a bad email: %d %s", r.status, r.body)
			}
			a.do(req{method: "POST", path: "/api/teacher/profile/", token: maryam, body: multipartOf(t, map[string]string{"email": "maryam@example.com"})})
			if r := a.confirm(a.askVerification(t, maryam, "maryam@example.com"), "en"); r.status != 200 {
				t.Fatalf("confirm: %d %s", r.status, r.body)
			}
			a.do(req{method: "PUT", path: "/api/teacher/profile/", token: maryam, body: map[string]string{"email": "maryam@work.example"}})
			if email, verified := a.profileVerified(maryam); email != "maryam@work.example" || verified {
				t.Fatalf("a teacher's changed email: %q verified %v", email, verified)
			}
		})

		t.Run("links are rate-limited", func(t *testing.T) {
			a.clock.Add(time.Hour + time.Minute)
			for i := range zabano.VerificationEmailsPerHour {
				if r := a.do(req{method: "POST", path: "/api/account/email/verify/", token: maryam}); r.status != 202 {
					t.Fatalf("link %d: %d %s", i+1, r.status, r.body)
				}
			}
			r := a.do(req{method: "POST", path: "/api/account/email/verify/", token: maryam})
			if r.status != 429 || !strings.Contains(r.json(t)["detail"].(string), "5 links an hour") {
				t.Fatalf("one link too many: %d %s", r.status, r.body)
			}
		})
	})
}

// TestUnsubscribe: the links of a notification email turn its kind off by
// email for its recipient, without signing in, by the web app's page or a
// mail client's one-click post; a tampered link changes nothing.
func TestUnsubscribe(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		sara := a.register("sara", zabano.RoleStudent, "09121000301")
		id := a.userID(t, "sara")
		a.do(req{method: "POST", path: "/api/student/profile/", token: sara, body: map[string]string{"email": "sara@example.com"}})
		a.confirm(a.askVerification(t, sara, "sara@example.com"), "en")
		u, err := a.db.FindUserByID(t.Context(), id)
		if err != nil || !u.EmailVerified() {
			t.Fatalf("sara's email is not verified: %v", err)
		}

		// The emails a notification of each kind sends her, as the worker would.
		sender := &mail.Sender{Transport: a.mail, Links: emailLinks(a.clock.Now), Now: a.clock.Now}
		emailed := func(kind zabano.NotificationKind) mail.Message {
			t.Helper()
			prefs, _ := a.db.NotificationPrefs(t.Context(), id)
			n := &zabano.Notification{ID: 1, UserID: id, Kind: kind, ObjectType: zabano.ObjectBooking, ObjectID: 1,
				Data: zabano.NotificationData{Name: "Maryam", Start: a.clock.Now().Add(24 * time.Hour)}}
			if err := sender.Send(t.Context(), &zabano.Outgoing{DeliveryID: 1, Notification: n, To: u, Prefs: prefs}); err != nil {
				t.Fatal(err)
			}
			return a.mailTo("sara@example.com")[0]
		}
		wants := func(kind zabano.NotificationKind, c zabano.Channel) bool {
			p, err := a.db.NotificationPrefs(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			return p.Wants(kind, c)
		}

		page := emailed(zabano.KindReminder24h).Unsubscribe
		token := linkToken(t, page, "https://zabano.test/unsubscribe")
		_, sig, _ := strings.Cut(token, ".")
		otherKind := linkToken(t, emailed(zabano.KindClassDone).Unsubscribe, "https://zabano.test/unsubscribe")
		otherPayload, _, _ := strings.Cut(otherKind, ".")
		for name, bad := range map[string]string{
			"empty":             "",
			"signature changed": tamper(token),
			"kind swapped":      otherPayload + "." + sig,
			"verify token":      linkToken(t, emailLinks(a.clock.Now).VerifyURL(u), "https://zabano.test/verify-email"),
		} {
			r := a.do(req{method: "POST", path: "/api/notifications/unsubscribe/", body: map[string]string{"token": bad}})
			if r.status != 400 || r.field(t, "token") != "This unsubscribe link is not valid. Change your notifications in Settings." {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
		}
		if !wants(zabano.KindReminder24h, zabano.ChannelEmail) || !wants(zabano.KindClassDone, zabano.ChannelEmail) {
			t.Fatal("a tampered link turned emails off")
		}

		// The web app's page posts the token, signed in or not.
		for range 2 {
			r := a.do(req{method: "POST", path: "/api/notifications/unsubscribe/", body: map[string]string{"token": token}})
			if r.status != 200 || string(r.body) != `{"kind":"reminder_24h","channel":"email"}`+"\n" {
				t.Fatalf("unsubscribe: %d %s", r.status, r.body)
			}
		}
		if wants(zabano.KindReminder24h, zabano.ChannelEmail) {
			t.Fatal("the link did not turn reminder_24h emails off")
		}
		p, _ := a.db.NotificationPrefs(t.Context(), id)
		if got := p.Off[zabano.KindReminder24h]; !slices.Equal(got, []zabano.Channel{zabano.ChannelEmail}) {
			t.Errorf("off for reminder_24h: %v, want email once (SMS stays on)", got)
		}
		if !wants(zabano.KindClassDone, zabano.ChannelEmail) || !wants(zabano.KindReminder24h, zabano.ChannelSMS) {
			t.Error("the link turned off more than its kind by email")
		}

		// A mail client's one-click post (RFC 8058) to the List-Unsubscribe address.
		oneClick, err := url.Parse(emailLinks(a.clock.Now).OneClickURL(zabano.Unsubscription{UserID: id, Kind: zabano.KindClassDone, Channel: zabano.ChannelEmail}))
		if err != nil {
			t.Fatal(err)
		}
		r := a.do(req{method: "POST", path: oneClick.RequestURI(), body: "List-Unsubscribe=One-Click"})
		if r.status != 200 || r.json(t)["kind"] != "class_done" {
			t.Fatalf("one-click: %d %s", r.status, r.body)
		}
		if wants(zabano.KindClassDone, zabano.ChannelEmail) {
			t.Fatal("the one-click post did not turn class_done emails off")
		}
	})
}

// TestMailOutbox lists what the dev server emailed, for one address or all.
func TestMailOutbox(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		for i, name := range []string{"sara", "nima"} {
			token := a.register(name, zabano.RoleStudent, fmt.Sprintf("0912100040%d", i))
			a.do(req{method: "POST", path: "/api/student/profile/", token: token, body: map[string]string{"email": name + "@example.com"}})
			a.askVerification(t, token, name+"@example.com")
		}
		var all, one []map[string]any
		a.do(req{method: "GET", path: "/api/dev/mail-outbox/"}).decode(t, &all)
		a.do(req{method: "GET", path: "/api/dev/mail-outbox/?to=sara@example.com"}).decode(t, &one)
		if len(all) != 2 || all[0]["to"] != "nima@example.com" || len(one) != 1 || one[0]["to"] != "sara@example.com" {
			t.Fatalf("all %v, sara's %v", all, one)
		}
		if !strings.Contains(one[0]["text"].(string), "https://zabano.test/verify-email?token=") {
			t.Errorf("the kept email lacks its link: %v", one[0])
		}
	})
}
