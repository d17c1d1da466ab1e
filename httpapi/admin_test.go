package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// TestOperatorSignIn: an operator signs in through the operator entrance with
// their password and then the code sent to their phone; the token lasts 12
// hours; nobody else gets in through that entrance, and a disabled operator's
// token stops working at once.
func TestOperatorSignIn(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		u, err := zabano.NewOperator("ops", "09121000109", operatorPassword)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.db.CreateOperator(context.Background(), u); err != nil {
			t.Fatal(err)
		}
		login := func(body map[string]string) resp {
			return a.do(req{method: "POST", path: "/api/token/", body: body, lang: "en"})
		}
		creds := func(role, code string) map[string]string {
			return map[string]string{"username": "ops", "password": operatorPassword, "role": role, "code": code}
		}

		// The ordinary entrances refuse an operator, and send no code.
		for _, role := range []string{"", "student", "teacher"} {
			if r := login(creds(role, "")); r.status != 403 {
				t.Errorf("operator through %q: %d %s, want 403", role, r.status, r.body)
			}
		}
		if n := len(a.outbox.Outbox(u.Phone)); n != 0 {
			t.Fatalf("%d codes sent before the operator entrance was used", n)
		}
		// A wrong password sends nothing either.
		if r := login(map[string]string{"username": "ops", "password": "wrong-password", "role": "admin"}); r.status != 401 {
			t.Errorf("wrong password: %d %s", r.status, r.body)
		}
		if r := login(creds("admin", "")); r.status != 202 || !strings.Contains(string(r.body), `"otp_required":true`) {
			t.Fatalf("password alone: %d %s, want 202 otp_required", r.status, r.body)
		}
		sent := a.outbox.Outbox(u.Phone)
		if len(sent) != 1 {
			t.Fatalf("%d codes sent, want 1", len(sent))
		}
		code := sent[0].Code
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		if r := login(creds("admin", wrong)); r.status != 400 || !strings.Contains(string(r.body), `"code"`) {
			t.Errorf("wrong code: %d %s, want 400 on code", r.status, r.body)
		}
		// The right code, in Persian digits as a phone keyboard types it.
		r := login(creds("admin", zabano.PersianDigits(code)))
		if r.status != 200 {
			t.Fatalf("with the code: %d %s", r.status, r.body)
		}
		token := r.json(t)["access"].(string)
		if r := login(creds("admin", code)); r.status != 400 {
			t.Errorf("the code again: %d %s, want 400: a code is used once", r.status, r.body)
		}

		profile := req{method: "GET", path: "/api/profile/", token: token}
		if r := a.do(profile); r.status != 200 || r.json(t)["role"] != "admin" {
			t.Fatalf("operator's profile: %d %s", r.status, r.body)
		}
		// An operator cannot book, chat or hold a wallet.
		for _, path := range []string{"/api/chats/", "/api/student/wallet/transactions/", "/api/teachers/list/"} {
			if r := a.do(req{method: "GET", path: path, token: token}); r.status != 403 {
				t.Errorf("operator GET %s: %d, want 403", path, r.status)
			}
		}
		a.clock.Add(zabano.OperatorTokenTTL - time.Minute)
		if r := a.do(profile); r.status != 200 {
			t.Fatalf("11:59 after sign-in: %d %s", r.status, r.body)
		}
		a.clock.Add(2 * time.Minute)
		if r := a.do(profile); r.status != 401 {
			t.Fatalf("12:01 after sign-in: %d %s, want 401", r.status, r.body)
		}

		// A student through the operator entrance is refused, whatever the code.
		a.register("sara", zabano.RoleStudent, "09121000101")
		if r := login(map[string]string{"username": "sara", "password": "secret1", "role": "admin"}); r.status != 403 {
			t.Errorf("student through the operator entrance: %d %s", r.status, r.body)
		}

		// Disabling the operator ends their tokens and their sign-in.
		token = a.signInOperator("ops", u.Phone)
		if _, err := a.db.DisableOperator(context.Background(), "OPS", zabano.MsgOperatorDisabled.En); err != nil {
			t.Fatal(err)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: token, lang: "en"}); r.status != 401 || !strings.Contains(string(r.body), "suspended") {
			t.Errorf("disabled operator's token: %d %s, want 401 suspended", r.status, r.body)
		}
		if r := login(creds("admin", "")); r.status != 403 || !strings.Contains(string(r.body), "suspended") {
			t.Errorf("disabled operator signing in: %d %s, want 403 suspended", r.status, r.body)
		}
	})
}

// TestOperatorLogPage: the log answers a page, and refuses a malformed
// cursor; its rows are the operator actions' tests'.
func TestOperatorLogPage(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		token := a.operator("ops", "09121000109")
		if r := a.do(req{method: "GET", path: "/api/admin/log/?before=5", token: token}); r.status != 200 || strings.TrimSpace(string(r.body)) != "[]" {
			t.Errorf("empty log: %d %s", r.status, r.body)
		}
		for _, q := range []string{"x", "0", "-1"} {
			if r := a.do(req{method: "GET", path: "/api/admin/log/?before=" + q, token: token}); r.status != 400 {
				t.Errorf("before=%s: %d", q, r.status)
			}
		}
	})
}
