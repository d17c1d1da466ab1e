package httpapi_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// page calls a server-rendered page without following redirects, and checks
// the answer against the contract.
func (a *app) page(method, path, form string) resp {
	a.t.Helper()
	var body io.Reader
	if form != "" {
		body = strings.NewReader(form)
	}
	r, err := http.NewRequest(method, a.srv.URL+path, body)
	if err != nil {
		a.t.Fatal(err)
	}
	if form != "" {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(r)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	checkContract(a.t, r, res, b)
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

// requestPayment starts a top-up of amount by the student with token and
// returns its authority.
func (a *app) requestPayment(token string, amount int64) string {
	a.t.Helper()
	r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", token: token, body: map[string]any{"amount": amount}})
	if r.status != 200 {
		a.t.Fatalf("payment request: %d %s", r.status, r.body)
	}
	return r.json(a.t)["data"].(map[string]any)["authority"].(string)
}

// answerSandbox presses Pay (OK) or Cancel (NOK) on the sandbox page and
// returns where the payer is sent.
func (a *app) answerSandbox(authority, status string) string {
	a.t.Helper()
	r := a.page("POST", "/sandbox/pay/"+authority, "status="+status)
	if r.status != 303 {
		a.t.Fatalf("sandbox %s: %d %s", status, r.status, r.body)
	}
	return r.header.Get("Location")
}

// topUp puts amount into the student's wallet through the sandbox gateway.
func (a *app) topUp(token string, amount int64) {
	a.t.Helper()
	authority := a.requestPayment(token, amount)
	a.answerSandbox(authority, "OK")
	if r := a.do(req{method: "POST", path: "/api/student/wallet/topup/", token: token, body: map[string]string{"authority": authority}}); r.status != 200 {
		a.t.Fatalf("top-up: %d %s", r.status, r.body)
	}
}

func TestPaymentRequest(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000001")
		teacher := a.register("omid", zabano.RoleTeacher, "09121000002")
		r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", token: student, body: map[string]any{
			"merchant_id": "client-merchant", "amount": 50_000, "description": "شارژ کیف پول",
			"callback_url": "https://evil.example/steal", "metadata": map[string]string{"mobile": "+989121234567", "email": "sara@example.com"},
		}})
		if r.status != 200 {
			t.Fatalf("request: %d %s", r.status, r.body)
		}
		data := r.json(t)["data"].(map[string]any)
		authority, _ := data["authority"].(string)
		if !strings.HasPrefix(authority, "S") || data["code"] != 100.0 || data["fee"] != 0.0 || data["fee_type"] != "Merchant" ||
			r.json(t)["payment_url"] != "https://zabano.test/sandbox/pay/"+authority {
			t.Fatalf("answer: %s", r.body)
		}
		pay, err := a.db.FindPayment(t.Context(), authority)
		if err != nil || pay.Amount != 50_000 || pay.Mobile != "09121234567" || pay.Email != "sara@example.com" ||
			pay.Description != "شارژ کیف پول" || pay.Status != zabano.PaymentPending {
			t.Fatalf("recorded: %+v, %v", pay, err)
		}
		sp, _ := a.db.FindSandboxPayment(t.Context(), authority)
		if sp.CallbackURL != "https://zabano.test/payment/callback" {
			t.Fatalf("the gateway was given the client's callback %s", sp.CallbackURL)
		}

		for _, tc := range []struct {
			name string
			body any
		}{
			{"amount as text, no description", map[string]any{"amount": "1100"}},
			{"Persian digits", map[string]any{"amount": "۱۰٬۰۰۰"}},
			{"Persian digits as JSON escapes", []byte(`{"amount":"\u06f1\u06f0\u06f0\u06f0\u06f0"}`)},
			{"form body", "amount=2000&description=top-up&metadata=%7B%22mobile%22%3A%2209121234567%22%7D"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", token: student, body: tc.body}); r.status != 200 {
					t.Fatalf("%d %s", r.status, r.body)
				}
			})
		}
		for _, tc := range []struct {
			name, lang, field, want string
			body                    any
		}{
			{"no amount", "en", "amount", "amount is required", map[string]any{}},
			{"no amount fa", "fa", "amount", "مبلغ الزامی است", map[string]any{}},
			{"zero", "en", "amount", "amount is required", map[string]any{"amount": 0}},
			{"negative", "en", "amount", "amount is required", map[string]any{"amount": -5_000}},
			{"fraction", "en", "amount", "amount is required", map[string]any{"amount": 1000.5}},
			{"letters", "en", "amount", "amount is required", map[string]any{"amount": "a lot"}},
			{"below minimum", "en", "amount", "The minimum amount is 1,000 Toman.", map[string]any{"amount": 999}},
			{"below minimum fa", "fa", "amount", "حداقل مبلغ ۱٬۰۰۰ تومان است.", map[string]any{"amount": 999}},
			{"above maximum", "en", "amount", "The maximum amount is 50,000,000 Toman.", map[string]any{"amount": 50_000_001}},
			{"bad mobile", "en", "mobile", "Enter an Iranian mobile number, for example 09121234567.",
				map[string]any{"amount": 1000, "metadata": map[string]string{"mobile": "12345"}}},
			{"bad email", "en", "email", "Enter a valid email address.",
				map[string]any{"amount": 1000, "metadata": map[string]string{"email": "sara@"}}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", token: student, lang: tc.lang, body: tc.body})
				if r.status != 400 || r.field(t, tc.field) != tc.want {
					t.Fatalf("got %d %s, want %s error %q", r.status, r.body, tc.field, tc.want)
				}
			})
		}
		t.Run("malformed JSON", func(t *testing.T) {
			if r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", token: student, body: []byte(`{"amount":`)}); r.status != 400 {
				t.Fatalf("%d %s", r.status, r.body)
			}
		})
		t.Run("anonymous", func(t *testing.T) {
			if r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", body: map[string]any{"amount": 1000}}); r.status != 401 {
				t.Fatalf("%d %s", r.status, r.body)
			}
		})
		t.Run("teacher", func(t *testing.T) {
			r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", token: teacher, body: map[string]any{"amount": 1000}})
			if r.status != 403 || r.json(t)["detail"] != "This is only for students." {
				t.Fatalf("%d %s", r.status, r.body)
			}
		})
		t.Run("requests per student are limited", func(t *testing.T) {
			other := a.register("reza", zabano.RoleStudent, "09121000003")
			for i := range 20 {
				if r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", token: other, body: map[string]any{"amount": 1000}}); r.status != 200 {
					t.Fatalf("request %d: %d %s", i+1, r.status, r.body)
				}
			}
			if r := a.do(req{method: "POST", path: "/panel-api/api/payment/request/", token: other, body: map[string]any{"amount": 1000}}); r.status != 429 {
				t.Fatalf("21st request: %d %s", r.status, r.body)
			}
		})
		t.Run("unknown payment paths answer JSON", func(t *testing.T) {
			r := a.do(req{method: "GET", path: "/panel-api/api/payment/request/"})
			if r.status != 405 || r.header.Get("Allow") != "POST" || r.json(t)["detail"] == nil {
				t.Fatalf("GET of the request route: %d %v %s", r.status, r.header.Get("Allow"), r.body)
			}
			if r := a.do(req{method: "POST", path: "/panel-api/api/nothing/"}); r.status != 404 || r.json(t)["detail"] != "Not found." {
				t.Fatalf("unknown: %d %s", r.status, r.body)
			}
		})
	})
}

func TestPaymentVerifyAndTopUp(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		sara := a.register("sara", zabano.RoleStudent, "09121000001")
		reza := a.register("reza", zabano.RoleStudent, "09121000002")
		teacher := a.register("omid", zabano.RoleTeacher, "09121000003")
		verify := func(token string, body any) resp {
			return a.do(req{method: "POST", path: "/panel-api/api/payment/verify/", token: token, body: body})
		}
		topUp := func(token string, body any) resp {
			return a.do(req{method: "POST", path: "/api/student/wallet/topup/", token: token, body: body})
		}
		wallet := func(token string) float64 {
			r := a.do(req{method: "GET", path: "/api/profile/", token: token})
			return r.json(t)["wallet"].(float64)
		}

		authority := a.requestPayment(sara, 50_000)
		r := verify(sara, map[string]string{"authority": authority})
		if m := r.json(t); r.status != 200 || m["success"] != false || m["status"] != "failed" || m["message"] != "Payment verification failed" ||
			m["ref_id"] != nil || m["amount"] != 50_000.0 {
			t.Fatalf("verify before paying: %d %s", r.status, r.body)
		}
		if r := topUp(sara, map[string]string{"authority": authority}); r.status != 409 || r.json(t)["detail"] != "Failed to top up wallet" {
			t.Fatalf("top-up before paying: %d %s", r.status, r.body)
		}
		if loc := a.answerSandbox(authority, "OK"); loc != "https://zabano.test/payment/callback?Authority="+authority+"&Status=OK" {
			t.Fatalf("back to %s", loc)
		}
		// The client's amount and merchant are ignored: the recorded amount counts.
		r = verify(sara, map[string]any{"authority": authority, "amount": 1, "merchant_id": "x"})
		if m := r.json(t); r.status != 200 || m["success"] != true || m["status"] != "success" || m["amount"] != 50_000.0 || m["ref_id"] == nil {
			t.Fatalf("verify: %d %s", r.status, r.body)
		}
		tampered := map[string]any{"authority": authority, "ref_id": 1, "amount": 9_999_999, "description": "wallet top-up", "payment_method": "backend_api"}
		for i := range 2 {
			r := topUp(sara, tampered)
			if m := r.json(t); r.status != 200 || m["success"] != true || m["amount"] != 50_000.0 || m["balance"] != 50_000.0 || m["message"] != "Your wallet has been topped up." {
				t.Fatalf("top-up %d: %d %s", i+1, r.status, r.body)
			}
		}
		if w := wallet(sara); w != 50_000 {
			t.Fatalf("profile wallet %v", w)
		}
		r = a.do(req{method: "GET", path: "/api/student/wallet/transactions/", token: sara})
		if r.status != 200 || !strings.Contains(string(r.body), `"type":"topup","transaction_type":"topup","amount":50000`) ||
			strings.Count(string(r.body), `"id"`) != 1 || !strings.Contains(string(r.body), `"status":"completed"`) {
			t.Fatalf("transactions: %d %s", r.status, r.body)
		}

		t.Run("another student's authority", func(t *testing.T) {
			for _, call := range []func(string, any) resp{verify, topUp} {
				if r := call(reza, map[string]string{"authority": authority}); r.status != 404 || r.json(t)["detail"] != "Payment not found." {
					t.Fatalf("%d %s", r.status, r.body)
				}
			}
			if w := wallet(reza); w != 0 {
				t.Fatalf("reza's wallet %v", w)
			}
		})
		t.Run("validation", func(t *testing.T) {
			for _, call := range []func(string, any) resp{verify, topUp} {
				if r := call(sara, map[string]string{}); r.status != 400 || r.field(t, "authority") != "authority is required" {
					t.Fatalf("no authority: %d %s", r.status, r.body)
				}
				if r := call(sara, map[string]string{"authority": "A404"}); r.status != 404 {
					t.Fatalf("unknown authority: %d %s", r.status, r.body)
				}
			}
		})
		t.Run("roles", func(t *testing.T) {
			for _, path := range []string{"/panel-api/api/payment/verify/", "/api/student/wallet/topup/"} {
				body := map[string]string{"authority": authority}
				if r := a.do(req{method: "POST", path: path, body: body}); r.status != 401 {
					t.Fatalf("anonymous %s: %d", path, r.status)
				}
				if r := a.do(req{method: "POST", path: path, token: teacher, body: body}); r.status != 403 {
					t.Fatalf("teacher %s: %d", path, r.status)
				}
			}
			for _, tc := range []struct{ token string }{{""}, {teacher}} {
				if r := a.do(req{method: "GET", path: "/api/student/wallet/transactions/", token: tc.token}); r.status != 401 && r.status != 403 {
					t.Fatalf("student transactions: %d", r.status)
				}
			}
		})
		t.Run("cancelled at the gateway", func(t *testing.T) {
			authority := a.requestPayment(sara, 20_000)
			if loc := a.answerSandbox(authority, "NOK"); !strings.HasSuffix(loc, "&Status=NOK") {
				t.Fatalf("back to %s", loc)
			}
			if r := verify(sara, map[string]string{"authority": authority}); r.json(t)["success"] != false {
				t.Fatalf("verify: %s", r.body)
			}
			if r := topUp(sara, map[string]string{"authority": authority}); r.status != 409 {
				t.Fatalf("top-up: %d %s", r.status, r.body)
			}
			if w := wallet(sara); w != 50_000 {
				t.Fatalf("wallet %v after a cancelled payment", w)
			}
		})
		t.Run("paid after the window", func(t *testing.T) {
			authority := a.requestPayment(sara, 30_000)
			a.clock.Add(zabano.PaymentWindow)
			a.answerSandbox(authority, "OK")
			if r := verify(sara, map[string]string{"authority": authority}); r.json(t)["success"] != false {
				t.Fatalf("verify: %s", r.body)
			}
			if r := topUp(sara, map[string]string{"authority": authority}); r.status != 409 {
				t.Fatalf("top-up: %d %s", r.status, r.body)
			}
			if w := wallet(sara); w != 50_000 {
				t.Fatalf("wallet %v", w)
			}
		})
	})
}

func TestSandboxPage(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000001")
		authority := a.requestPayment(student, 50_000)
		r := a.page("GET", "/sandbox/pay/"+authority, "")
		page := string(r.body)
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
			t.Fatalf("page: %d %s", r.status, r.body)
		}
		for _, want := range []string{`<form method="post">`, `name="status" value="OK"`, `name="status" value="NOK"`,
			"پرداخت · Pay", "انصراف · Cancel", "۵۰٬۰۰۰ تومان", "50,000 Toman", `dir="rtl"`} {
			if !strings.Contains(page, want) {
				t.Errorf("the page lacks %s", want)
			}
		}
		if strings.Contains(page, "<script") || !strings.Contains(r.header.Get("Content-Security-Policy"), "form-action 'self'") {
			t.Error("the page must work under the CSP without script")
		}
		if loc := a.answerSandbox(authority, "OK"); loc != "https://zabano.test/payment/callback?Authority="+authority+"&Status=OK" {
			t.Fatalf("pay goes to %s", loc)
		}
		if loc := a.answerSandbox(authority, "NOK"); !strings.HasSuffix(loc, "&Status=OK") {
			t.Fatalf("cancel after paying goes to %s", loc)
		}
		r = a.page("GET", "/sandbox/pay/"+authority, "")
		if !strings.Contains(string(r.body), "already been answered") || strings.Contains(string(r.body), "<form") ||
			!strings.Contains(string(r.body), "Status=OK") {
			t.Fatalf("an answered payment's page: %s", r.body)
		}

		cancelled := a.requestPayment(student, 10_000)
		if loc := a.answerSandbox(cancelled, "NOK"); loc != "https://zabano.test/payment/callback?Authority="+cancelled+"&Status=NOK" {
			t.Fatalf("cancel goes to %s", loc)
		}
		if r := a.page("POST", "/sandbox/pay/"+authority, "status=MAYBE"); r.status != 400 {
			t.Fatalf("bad status: %d", r.status)
		}
		for _, method := range []string{"GET", "POST"} {
			if r := a.page(method, "/sandbox/pay/S-nothing", "status=OK"); r.status != 404 || !strings.Contains(string(r.body), "Payment not found.") {
				t.Fatalf("%s of an unknown payment: %d %s", method, r.status, r.body)
			}
		}
	})
}

func TestWallet(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000001")
		teacher := a.register("omid", zabano.RoleTeacher, "09121000002")
		other := a.register("neda", zabano.RoleTeacher, "09121000003")
		a.topUp(student, 100_000)
		s, _ := a.db.FindUserByUsername(t.Context(), "sara")
		o, _ := a.db.FindUserByUsername(t.Context(), "omid")
		// Until bookings exist, a class is paid by hand: into escrow, then to the teacher.
		for _, tx := range []*zabano.LedgerTransaction{
			zabano.Transfer(zabano.TxClassPayment, zabano.WalletOf(s.ID), zabano.EscrowOf(s.ID), 80_000, "booking"),
			zabano.Transfer(zabano.TxClassPayment, zabano.EscrowOf(s.ID), zabano.WalletOf(o.ID), 80_000, "class done"),
		} {
			if err := a.db.PostTransaction(t.Context(), tx); err != nil {
				t.Fatal(err)
			}
		}
		summary := func() map[string]any {
			r := a.do(req{method: "GET", path: "/api/teacher/wallet/summary/", token: teacher})
			if r.status != 200 {
				t.Fatalf("summary: %d %s", r.status, r.body)
			}
			return r.json(t)
		}
		want := map[string]any{"balance": 80_000.0, "total_classes": 1.0, "this_month_earnings": 80_000.0, "pending_withdrawals": 0.0, "total_earnings": 80_000.0}
		if got := summary(); !equalJSON(got, want) {
			t.Fatalf("summary %v, want %v", got, want)
		}

		r := a.do(req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: teacher,
			body: map[string]any{"amount": "30000", "iban": "ir06 2960 0000 0010 0324 2000 01"}})
		if m := r.json(t); r.status != 201 || m["status"] != "pending" || m["iban"] != "IR062960000000100324200001" || m["amount"] != 30_000.0 || m["settled_at"] != nil {
			t.Fatalf("withdraw: %d %s", r.status, r.body)
		}
		want["balance"], want["pending_withdrawals"] = 50_000.0, 30_000.0
		if got := summary(); !equalJSON(got, want) {
			t.Fatalf("summary %v, want %v", got, want)
		}
		for _, tc := range []struct {
			name, lang, field, want string
			body                    map[string]any
		}{
			{"no amount", "en", "amount", "amount is required", map[string]any{"iban": "IR062960000000100324200001"}},
			{"below minimum", "fa", "amount", "حداقل مبلغ ۱۰٬۰۰۰ تومان است.", map[string]any{"amount": 5_000, "iban": "IR062960000000100324200001"}},
			{"no IBAN", "en", "iban", "Sheba number (IBAN) is required.", map[string]any{"amount": 10_000}},
			{"bad check digits", "en", "iban", "Enter a valid Sheba number: IR followed by 24 digits.", map[string]any{"amount": 10_000, "iban": "IR072960000000100324200001"}},
			{"bad check digits fa", "fa", "iban", "یک شماره شبای معتبر وارد کنید: IR و ۲۴ رقم.", map[string]any{"amount": 10_000, "iban": "IR072960000000100324200001"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := a.do(req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: teacher, lang: tc.lang, body: tc.body})
				if r.status != 400 || r.field(t, tc.field) != tc.want {
					t.Fatalf("got %d %s, want %s error %q", r.status, r.body, tc.field, tc.want)
				}
			})
		}
		t.Run("more than the balance", func(t *testing.T) {
			r := a.do(req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: teacher, lang: "fa",
				body: map[string]any{"amount": 50_001, "iban": "IR062960000000100324200001"}})
			if r.status != 409 || r.json(t)["detail"] != "موجودی کافی نیست." {
				t.Fatalf("%d %s", r.status, r.body)
			}
		})

		r = a.do(req{method: "GET", path: "/api/teacher/wallet/transactions/", token: teacher})
		if r.status != 200 || !strings.Contains(string(r.body), `"type":"withdrawal","transaction_type":"withdrawal","amount":-30000`) ||
			!strings.Contains(string(r.body), `"status":"pending","description":"IR062960000000100324200001"`) ||
			!strings.Contains(string(r.body), `"type":"class_payment","transaction_type":"class_payment","amount":80000`) {
			t.Fatalf("teacher transactions: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: teacher}); r.json(t)["wallet"] != 50_000.0 {
			t.Fatalf("profile: %s", r.body)
		}

		list, _ := a.db.Withdrawals(t.Context(), zabano.WithdrawalFilter{UserID: o.ID})
		a.clock.Add(time.Hour)
		ops := a.operator("ops", "09121000109")
		a.expect(t, 200, req{method: "POST", path: fmt.Sprintf("/api/admin/withdrawals/%d/pay/", list[0].ID), token: ops, body: map[string]string{"reference": "BANK-4411"}})
		r = a.do(req{method: "GET", path: "/api/teacher/wallet/withdrawals/", token: teacher})
		if r.status != 200 || !strings.Contains(string(r.body), `"status":"paid"`) || !strings.Contains(string(r.body), `"settled_at":"2026-11-21T10:00:00Z"`) ||
			!strings.Contains(string(r.body), `"reference":"BANK-4411","reason":""`) {
			t.Fatalf("withdrawals: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/teacher/wallet/withdrawals/", token: other}); string(r.body) != "[]\n" {
			t.Fatalf("another teacher sees %s", r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/teacher/wallet/transactions/", token: other}); string(r.body) != "[]\n" {
			t.Fatalf("another teacher's transactions: %s", r.body)
		}
		r = a.do(req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: teacher,
			body: []byte(`{"amount":"\u06f1\u06f0\u066c\u06f0\u06f0\u06f0","iban":"IR\u06f0\u06f62960000000100324200001"}`)})
		if m := r.json(t); r.status != 201 || m["amount"] != 10_000.0 || m["iban"] != "IR062960000000100324200001" {
			t.Fatalf("withdraw with Persian digits as JSON escapes: %d %s", r.status, r.body)
		}

		t.Run("roles", func(t *testing.T) {
			for _, c := range []struct{ method, path string }{
				{"GET", "/api/teacher/wallet/transactions/"},
				{"GET", "/api/teacher/wallet/summary/"},
				{"GET", "/api/teacher/wallet/withdrawals/"},
				{"POST", "/api/teacher/wallet/withdrawals/"},
			} {
				if r := a.do(req{method: c.method, path: c.path, body: map[string]any{}}); r.status != 401 {
					t.Errorf("anonymous %s %s: %d", c.method, c.path, r.status)
				}
				if r := a.do(req{method: c.method, path: c.path, token: student, body: map[string]any{}}); r.status != 403 {
					t.Errorf("student %s %s: %d", c.method, c.path, r.status)
				}
			}
			if r := a.do(req{method: "GET", path: "/api/student/wallet/transactions/", token: teacher}); r.status != 403 {
				t.Errorf("teacher on the student's transactions: %d", r.status)
			}
		})
	})
}

func equalJSON(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// adminPayment is a row of the operator's payment list.
type adminPayment struct {
	Authority, Status string
	Amount            int64
	RefID             *int64 `json:"ref_id"`
	User              struct{ Username, Role string }
}

// TestAdminPayments: "I paid but my wallet is empty": the payer paid at the
// gateway and never came back; the payment expired. The operator finds it
// and asks the gateway again: it is credited, once; one nobody paid fails.
func TestAdminPayments(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000001")
		ops := a.operator("ops", "09121000109")
		paid, cancelled := a.requestPayment(student, 25_000), a.requestPayment(student, 9_000)
		a.answerSandbox(paid, "OK")
		a.answerSandbox(cancelled, "NOK")
		a.clock.Add(zabano.PaymentWindow)
		if _, err := a.db.ExpirePayments(t.Context(), a.clock.Now().Add(-zabano.PaymentWindow)); err != nil {
			t.Fatal(err)
		}
		var list []adminPayment
		a.expect(t, 200, req{method: "GET", path: "/api/admin/payments/?status=expired", token: ops}).decode(t, &list)
		if len(list) != 2 || list[0].Authority != cancelled || list[1].Authority != paid || list[1].User.Username != "sara" ||
			list[1].User.Role != "student" || list[1].Amount != 25_000 || list[1].RefID != nil {
			t.Fatalf("expired payments: %+v", list)
		}
		reverify := func(authority string) resp {
			return a.do(req{method: "POST", path: "/api/admin/payments/" + authority + "/reverify/", token: ops})
		}
		var got adminPayment
		a.expect(t, 200, req{method: "POST", path: "/api/admin/payments/" + paid + "/reverify/", token: ops}).decode(t, &got)
		if got.Status != "paid" || got.RefID == nil || got.Authority != paid {
			t.Fatalf("reverified: %+v", got)
		}
		if w := a.expect(t, 200, req{method: "GET", path: "/api/profile/", token: student}).json(t)["wallet"]; w != 25_000.0 {
			t.Fatalf("the wallet: %v", w)
		}
		if r := reverify(paid); r.status != 409 || r.json(t)["detail"] != "This payment is already paid and in the wallet." {
			t.Fatalf("reverified again: %d %s", r.status, r.body)
		}
		if r := reverify(cancelled); r.status != 200 || r.json(t)["status"] != "failed" {
			t.Fatalf("a cancelled one: %d %s", r.status, r.body)
		}
		if r := reverify("S-unknown"); r.status != 404 {
			t.Fatalf("an unknown one: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/admin/payments/?status=lost", token: ops}); r.status != 400 {
			t.Fatalf("an unknown status: %d %s", r.status, r.body)
		}
		a.expect(t, 200, req{method: "GET", path: "/api/admin/payments/", token: ops}).decode(t, &list)
		if len(list) != 2 || list[0].Status != "failed" || list[1].Status != "paid" {
			t.Fatalf("all payments: %+v", list)
		}
		var log []struct{ Action, Reason string }
		a.expect(t, 200, req{method: "GET", path: "/api/admin/log/", token: ops}).decode(t, &log)
		if len(log) != 2 || log[0].Action != "payment.reverify" || log[1].Reason != "gateway 100: Verified" {
			t.Fatalf("operator log: %+v", log)
		}
		a.audit(t)
	})
}

// TestReverifyRacesTheStudent: two operators ask again while the student's
// own verification runs, all at once: the wallet is credited once.
func TestReverifyRacesTheStudent(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000001")
		ops := []string{a.operator("ops1", "09121000108"), a.operator("ops2", "09121000109")}
		for round := range 3 {
			authority := a.requestPayment(student, 10_000)
			a.answerSandbox(authority, "OK")
			var wg sync.WaitGroup
			statuses := make([]int, 3)
			for i := range statuses {
				wg.Go(func() {
					rq := req{method: "POST", path: "/panel-api/api/payment/verify/", token: student, body: map[string]string{"authority": authority}}
					if i < 2 {
						rq = req{method: "POST", path: "/api/admin/payments/" + authority + "/reverify/", token: ops[i]}
					}
					statuses[i] = a.do(rq).status
				})
			}
			wg.Wait()
			if statuses[2] != 200 || statuses[0] != 200 && statuses[0] != 409 || statuses[1] != 200 && statuses[1] != 409 ||
				statuses[0] == 200 && statuses[1] == 200 {
				t.Fatalf("round %d: %v", round, statuses)
			}
			if w := a.expect(t, 200, req{method: "GET", path: "/api/profile/", token: student}).json(t)["wallet"]; w != float64(10_000*(round+1)) {
				t.Fatalf("round %d: the wallet %v, want each payment credited once", round, w)
			}
		}
		a.audit(t)
	})
}
