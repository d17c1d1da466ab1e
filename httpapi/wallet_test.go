package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// adminWithdrawal is a row of the operator's withdrawal queue.
type adminWithdrawal struct {
	ID   int64
	User struct {
		ID       int64
		Username string
		Role     string
		Name     string
	}
	Kind, IBAN, Status, Reference, Reason string
	Amount                                int64
	SettledAt                             *time.Time `json:"settled_at"`
}

func (a *app) withdrawalQueue(t *testing.T, token, query string) []adminWithdrawal {
	t.Helper()
	var list []adminWithdrawal
	a.expect(t, 200, req{method: "GET", path: "/api/admin/withdrawals/" + query, token: token}).decode(t, &list)
	return list
}

// earn pays teacher id amount Toman, as a class would.
func (a *app) earn(t *testing.T, id, amount int64) {
	t.Helper()
	if err := a.db.PostTransaction(t.Context(), zabano.Transfer(zabano.TxClassPayment, zabano.GatewayAccount, zabano.WalletOf(id), amount, "class")); err != nil {
		t.Fatal(err)
	}
}

// TestAdminWithdrawals: the operator's queue, oldest first; paying with the
// bank's reference and rejecting with a reason, which the teacher then sees;
// what each refuses; and the log row each writes.
func TestAdminWithdrawals(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		teacher := a.register("omid", zabano.RoleTeacher, "09121000002")
		omid := a.userID(t, "omid")
		a.earn(t, omid, 100_000)
		ops := a.operator("ops", "09121000109")
		var ids []int64
		for _, amount := range []int64{10_000, 20_000, 30_000} {
			r := a.expect(t, 201, req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: teacher, body: map[string]any{"amount": amount, "iban": teacherIBAN}})
			ids = append(ids, int64(r.json(t)["id"].(float64)))
			a.clock.Add(time.Minute)
		}
		queue := a.withdrawalQueue(t, ops, "")
		if len(queue) != 3 || queue[0].ID != ids[0] || queue[2].ID != ids[2] || queue[0].User.Username != "omid" || queue[0].User.Role != "teacher" ||
			queue[0].Kind != "withdrawal" || queue[0].Amount != 10_000 || queue[0].IBAN != teacherIBAN || queue[0].SettledAt != nil {
			t.Fatalf("pending, oldest first: %+v", queue)
		}

		pay := func(id int64) string { return fmt.Sprintf("/api/admin/withdrawals/%d/pay/", id) }
		reject := func(id int64) string { return fmt.Sprintf("/api/admin/withdrawals/%d/reject/", id) }
		for _, tc := range []struct {
			name, path, lang, field, want string
			body                          map[string]string
		}{
			{"no reference", pay(ids[0]), "en", "reference", "Enter the bank's reference for this transfer.", map[string]string{"reference": "   "}},
			{"no reference, in Persian", pay(ids[0]), "fa", "reference", "شمارهٔ پیگیری بانکی این واریز را وارد کنید.", nil},
			{"a long reference", pay(ids[0]), "en", "reference", "At most 100 characters.", map[string]string{"reference": strings.Repeat("1", 101)}},
			{"no reason", reject(ids[0]), "en", "reason", "Write the reason.", map[string]string{"reason": ""}},
			{"no reason, in Persian", reject(ids[0]), "fa", "reason", "دلیل را بنویسید.", map[string]string{}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if r := a.do(req{method: "POST", path: tc.path, token: ops, lang: tc.lang, body: tc.body}); r.status != 400 || r.field(t, tc.field) != tc.want {
					t.Fatalf("%d %s, want 400 %s %q", r.status, r.body, tc.field, tc.want)
				}
			})
		}
		if r := a.do(req{method: "GET", path: "/api/admin/withdrawals/?status=lost", token: ops}); r.status != 400 || r.field(t, "status") != "Unknown status." {
			t.Fatalf("an unknown status: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: pay(999999), token: ops, body: map[string]string{"reference": "X"}}); r.status != 404 {
			t.Fatalf("an unknown withdrawal: %d %s", r.status, r.body)
		}

		var paid adminWithdrawal
		a.expect(t, 200, req{method: "POST", path: pay(ids[0]), token: ops, body: map[string]string{"reference": " BANK-4411 "}}).decode(t, &paid)
		if paid.Status != "paid" || paid.Reference != "BANK-4411" || paid.SettledAt == nil || !paid.SettledAt.Equal(a.clock.Now()) {
			t.Fatalf("paid: %+v", paid)
		}
		var rejected adminWithdrawal
		a.expect(t, 200, req{method: "POST", path: reject(ids[1]), token: ops, body: map[string]string{"reason": "This IBAN is not in your name."}}).decode(t, &rejected)
		if rejected.Status != "rejected" || rejected.Reason != "This IBAN is not in your name." || rejected.Reference != "" {
			t.Fatalf("rejected: %+v", rejected)
		}
		for _, tc := range []struct{ path, body, want string }{
			{pay(ids[0]), `{"reference":"again"}`, fmt.Sprintf("Withdrawal %d is already paid.", ids[0])},
			{reject(ids[0]), `{"reason":"late"}`, fmt.Sprintf("Withdrawal %d is already paid.", ids[0])},
			{pay(ids[1]), `{"reference":"again"}`, fmt.Sprintf("Withdrawal %d is already rejected.", ids[1])},
		} {
			if r := a.do(req{method: "POST", path: tc.path, token: ops, body: []byte(tc.body)}); r.status != 409 || r.json(t)["detail"] != tc.want {
				t.Errorf("%s again: %d %s", tc.path, r.status, r.body)
			}
		}

		// The teacher sees both decisions; the rejected money is back.
		var own []map[string]any
		a.expect(t, 200, req{method: "GET", path: "/api/teacher/wallet/withdrawals/", token: teacher}).decode(t, &own)
		if len(own) != 3 || own[1]["reason"] != "This IBAN is not in your name." || own[2]["reference"] != "BANK-4411" || own[2]["kind"] != "withdrawal" {
			t.Fatalf("the teacher's withdrawals: %v", own)
		}
		if r := a.do(req{method: "GET", path: "/api/profile/", token: teacher}); r.json(t)["wallet"] != 60_000.0 {
			t.Fatalf("the teacher's wallet after a rejection of 20,000: %s", r.body)
		}
		if q := a.withdrawalQueue(t, ops, "?status=paid"); len(q) != 1 || q[0].ID != ids[0] {
			t.Fatalf("paid: %+v", q)
		}
		if q := a.withdrawalQueue(t, ops, "?status=rejected"); len(q) != 1 || q[0].ID != ids[1] {
			t.Fatalf("rejected: %+v", q)
		}
		var log []struct {
			Action, Reason string
			ObjectID       int64 `json:"object_id"`
		}
		a.expect(t, 200, req{method: "GET", path: "/api/admin/log/", token: ops}).decode(t, &log)
		if len(log) != 2 || log[0].Action != "withdrawal.reject" || log[0].ObjectID != ids[1] || log[0].Reason != "This IBAN is not in your name." ||
			log[1].Action != "withdrawal.pay" || log[1].ObjectID != ids[0] || log[1].Reason != "BANK-4411" {
			t.Fatalf("operator log: %+v", log)
		}
		a.audit(t)
	})
}

// TestWithdrawalPaidOnceConcurrently: two operators paying one withdrawal
// at once, or one paying as another rejects it: one 200, one 409; the money
// moves once and the log has one row.
func TestWithdrawalPaidOnceConcurrently(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		teacher := a.register("omid", zabano.RoleTeacher, "09121000002")
		a.earn(t, a.userID(t, "omid"), 100_000)
		ops := []string{a.operator("ops1", "09121000108"), a.operator("ops2", "09121000109")}
		for round := range 6 {
			id := int64(a.expect(t, 201, req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: teacher,
				body: map[string]any{"amount": 10_000, "iban": teacherIBAN}}).json(t)["id"].(float64))
			statuses := make([]int, 2)
			var wg sync.WaitGroup
			for i, token := range ops {
				wg.Go(func() {
					rq := req{method: "POST", path: fmt.Sprintf("/api/admin/withdrawals/%d/pay/", id), token: token, body: map[string]string{"reference": fmt.Sprint("REF-", i)}}
					if round%2 == 1 && i == 1 {
						rq = req{method: "POST", path: fmt.Sprintf("/api/admin/withdrawals/%d/reject/", id), token: token, body: map[string]string{"reason": "duplicate"}}
					}
					statuses[i] = a.do(rq).status
				})
			}
			wg.Wait()
			if statuses[0]+statuses[1] != 200+409 {
				t.Fatalf("round %d: %v, want one 200 and one 409", round, statuses)
			}
		}
		var log []json.RawMessage
		a.expect(t, 200, req{method: "GET", path: "/api/admin/log/", token: ops[0]}).decode(t, &log)
		paid, rejected := a.withdrawalQueue(t, ops[0], "?status=paid"), a.withdrawalQueue(t, ops[0], "?status=rejected")
		var wallet float64
		wallet = a.expect(t, 200, req{method: "GET", path: "/api/profile/", token: teacher}).json(t)["wallet"].(float64)
		if len(log) != 6 || len(paid)+len(rejected) != 6 || wallet != float64(100_000-10_000*len(paid)) {
			t.Fatalf("%d log rows, %d paid, %d rejected, wallet %v", len(log), len(paid), len(rejected), wallet)
		}
		a.audit(t)
	})
}

// TestStudentRefund: a student asks for their whole wallet back to a bank
// account; operators see it as a refund and pay or reject it like a
// teacher's withdrawal; the student's list shows the outcome.
func TestStudentRefund(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		student := a.register("sara", zabano.RoleStudent, "09121000001")
		ops := a.operator("ops", "09121000109")
		refund := func(iban, lang string) resp {
			return a.do(req{method: "POST", path: "/api/student/wallet/refund/", token: student, lang: lang, body: map[string]string{"iban": iban}})
		}
		if r := refund(studentIBAN, "en"); r.status != 409 || r.json(t)["detail"] != "Your wallet is empty: there is nothing to refund." {
			t.Fatalf("an empty wallet: %d %s", r.status, r.body)
		}
		a.topUp(student, 4_321)
		for _, tc := range []struct{ iban, lang, want string }{
			{"", "en", "Sheba number (IBAN) is required."},
			{"IR072960000000100324200001", "fa", "یک شماره شبای معتبر وارد کنید: IR و ۲۴ رقم."},
		} {
			if r := refund(tc.iban, tc.lang); r.status != 400 || r.field(t, "iban") != tc.want {
				t.Errorf("iban %q: %d %s", tc.iban, r.status, r.body)
			}
		}
		r := refund(" "+studentIBAN[2:]+" ", "en")
		if m := r.json(t); r.status != 201 || m["kind"] != "refund" || m["amount"] != 4_321.0 || m["iban"] != studentIBAN || m["status"] != "pending" {
			t.Fatalf("refund: %d %s", r.status, r.body)
		}
		id := int64(r.json(t)["id"].(float64))
		if r := a.do(req{method: "GET", path: "/api/profile/", token: student}); r.json(t)["wallet"] != 0.0 {
			t.Fatalf("the wallet after the refund: %s", r.body)
		}
		queue := a.withdrawalQueue(t, ops, "")
		if len(queue) != 1 || queue[0].ID != id || queue[0].Kind != "refund" || queue[0].User.Username != "sara" || queue[0].User.Role != "student" {
			t.Fatalf("the queue: %+v", queue)
		}
		a.expect(t, 200, req{method: "POST", path: fmt.Sprintf("/api/admin/withdrawals/%d/pay/", id), token: ops, body: map[string]string{"reference": "SATNA-1"}})
		var own []map[string]any
		a.expect(t, 200, req{method: "GET", path: "/api/student/wallet/refunds/", token: student}).decode(t, &own)
		if len(own) != 1 || own[0]["status"] != "paid" || own[0]["reference"] != "SATNA-1" || own[0]["amount"] != 4_321.0 {
			t.Fatalf("the student's refunds: %v", own)
		}
		a.audit(t)
	})
}
