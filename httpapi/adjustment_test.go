package httpapi_test

import (
	"sync"
	"testing"

	"github.com/zabano/zabano"
)

// TestAdjustmentAPI: an operator credits and debits a wallet with a reason,
// which the user reads in their wallet; never below zero, students' and
// teachers' wallets only; two debits at once cannot overdraw it.
func TestAdjustmentAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000001")
		sara := a.userID(t, "sara")
		ops := a.operator("ops", "09121000109")
		adjust := func(body map[string]any, lang string) resp {
			return a.do(req{method: "POST", path: "/api/admin/adjustments/", token: ops, lang: lang, body: body})
		}
		for _, tc := range []struct {
			name, field, want string
			body              map[string]any
		}{
			{"no user", "user_id", "Choose a user.", map[string]any{"amount": 1000, "reason": "x"}},
			{"zero", "amount", "Enter an amount other than zero: above zero to credit, below zero to debit.", map[string]any{"user_id": sara, "amount": 0, "reason": "x"}},
			{"no reason", "reason", "Write the reason.", map[string]any{"user_id": sara, "amount": 1000}},
			{"an operator", "user_id", "Only students' and teachers' wallets can be adjusted.", map[string]any{"user_id": a.userID(t, "ops"), "amount": 1000, "reason": "x"}},
		} {
			if r := adjust(tc.body, "en"); r.status != 400 || r.field(t, tc.field) != tc.want {
				t.Errorf("%s: %d %s", tc.name, r.status, r.body)
			}
		}
		if r := adjust(map[string]any{"user_id": 999999, "amount": 1000, "reason": "x"}, "en"); r.status != 404 {
			t.Errorf("nobody: %d %s", r.status, r.body)
		}
		r := a.expect(t, 201, req{method: "POST", path: "/api/admin/adjustments/", token: ops, body: map[string]any{"user_id": sara, "amount": 20_000, "reason": "welcome bonus"}})
		if m := r.json(t); m["amount"] != 20_000.0 || m["balance"] != 20_000.0 || m["transaction_id"] == nil || m["user"].(map[string]any)["username"] != "sara" {
			t.Fatalf("credit: %s", r.body)
		}
		if r := adjust(map[string]any{"user_id": sara, "amount": -20_001, "reason": "correction"}, "fa"); r.status != 409 ||
			r.json(t)["detail"] != "کیف پول sara ۲۰٬۰۰۰ تومان موجودی دارد: برداشت ۲۰٬۰۰۱ تومان آن را منفی می‌کند." {
			t.Fatalf("beyond the balance: %d %s", r.status, r.body)
		}
		// Two debits of 15,000 at once from 20,000: one goes through.
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for i := range statuses {
			wg.Go(func() {
				statuses[i] = adjust(map[string]any{"user_id": sara, "amount": -15_000, "reason": "correction"}, "en").status
			})
		}
		wg.Wait()
		if statuses[0]+statuses[1] != 201+409 {
			t.Fatalf("two debits at once: %v", statuses)
		}
		var list []struct {
			Type, Description string
			Amount            int64
		}
		a.expect(t, 200, req{method: "GET", path: "/api/student/wallet/transactions/", token: student}).decode(t, &list)
		if len(list) != 2 || list[0].Type != "other" || list[0].Amount != -15_000 || list[1].Type != "bonus" || list[1].Description != "welcome bonus" {
			t.Fatalf("the student's wallet: %+v", list)
		}
		var log []struct{ Action, Reason string }
		a.expect(t, 200, req{method: "GET", path: "/api/admin/log/", token: ops}).decode(t, &log)
		if len(log) != 2 || log[0].Action != "adjustment" || log[0].Reason != "correction" {
			t.Fatalf("operator log: %+v", log)
		}
		a.audit(t)
	})
}
