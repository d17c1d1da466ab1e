package httpapi_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// dispute is an operator's view of a dispute.
type dispute struct {
	ID      int64
	Booking struct {
		ID               int64
		Price            int64
		Language, Level  string
		Teacher, Student struct {
			ID             int64
			Username, Role string
		}
	}
	ReportedBy    string `json:"reported_by"`
	Status        string
	Outcome       *string
	RefundPercent *int `json:"refund_percent"`
	Note          string
	DecidedBy     *struct {
		Username, Role string
	} `json:"decided_by"`
	DecidedAt *time.Time `json:"decided_at"`
	Messages  []struct {
		Text   string
		Sender struct{ Username string }
	}
}

func disputePath(id int64, tail string) string {
	return fmt.Sprintf("/api/admin/disputes/%d/%s", id, tail)
}

// disputed has sara report class booking and the teacher decline it.
func (s *school) disputed(t *testing.T, booking int64, resolution string) int64 {
	t.Helper()
	report := s.report(t, s.sara, booking, "teacher_absent", resolution)
	s.expect(t, 200, req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: map[string]bool{"accept": false}})
	return report
}

// TestDisputeAPI: the operator reads a dispute with the pair's chat around
// the class (and no other), decides half with a note: the money moves in
// one transaction, with the commission, and both sides see the decision;
// a second decision is refused.
func TestDisputeAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		ops := a.operator("ops", "09121000109")
		a.expect(t, 200, req{method: "PUT", path: "/api/admin/commission/", token: ops, body: map[string]int{"percent": 15}})
		// An odd price, whose half and whose commission are not whole.
		r := a.expect(t, 200, req{method: "POST", path: "/api/teacher/profile/", token: s.teacher, body: multipartOf(t, map[string]string{
			"language_levels": `[{"language":"English","levels":["B1"],"regular_price":100001}]`,
		})})
		s.level = int64(r.json(t)["level_prices"].([]any)[0].(map[string]any)["id"].(float64))
		teacherID := a.userID(t, "maryam")

		from := a.clock.Now().Add(72 * time.Hour)
		slot := a.expect(t, 201, req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]any{"start": from, "end": from.Add(time.Hour)}})
		booking := s.book(t, s.sara, int64(slot.json(t)["id"].(float64)))
		chat := a.expect(t, 200, req{method: "POST", path: "/api/chat/create/", token: s.sara, body: map[string]any{"teacher_id": teacherID}}).json(t)["id"]
		say := func(token, text string) {
			t.Helper()
			a.expect(t, 201, req{method: "POST", path: "/api/messages/send/", token: token, body: map[string]any{"chat_id": chat, "content": text}})
		}
		say(s.sara, "three days before")         // outside the window
		a.clock.Add(72*time.Hour - 48*time.Hour) // two days before the start: inside
		say(s.teacher, "see you on Monday")
		a.clock.Add(48*time.Hour + time.Hour + time.Minute) // a minute after the end
		say(s.sara, "where were you?")
		id := s.disputed(t, booking, "full_refund")
		a.clock.Add(48*time.Hour - time.Minute) // two days after the end: inside
		say(s.teacher, "I was there")
		a.clock.Add(time.Millisecond) // past the window
		say(s.sara, "later")

		ops = a.signInOperator("ops", "09121000109") // days later: a new 12-hour session
		var list []dispute
		a.expect(t, 200, req{method: "GET", path: "/api/admin/disputes/", token: ops}).decode(t, &list)
		if len(list) != 1 || list[0].ID != id || list[0].Status != "disputed" || list[0].Outcome != nil || list[0].RefundPercent != nil ||
			list[0].DecidedBy != nil || list[0].DecidedAt != nil || list[0].ReportedBy != "student" || list[0].Booking.ID != booking ||
			list[0].Booking.Price != 100_001 || list[0].Booking.Level != "B1" || list[0].Booking.Teacher.Username != "maryam" ||
			list[0].Booking.Teacher.Role != "teacher" || list[0].Booking.Student.Username != "sara" {
			t.Fatalf("disputed: %+v", list)
		}
		var d dispute
		a.expect(t, 200, req{method: "GET", path: disputePath(id, ""), token: ops}).decode(t, &d)
		var said []string
		for _, m := range d.Messages {
			said = append(said, m.Sender.Username+": "+m.Text)
		}
		if want := []string{"maryam: see you on Monday", "sara: where were you?", "maryam: I was there"}; !slices.Equal(said, want) {
			t.Fatalf("the chat around the class: %q, want %q", said, want)
		}

		for _, tc := range []struct {
			name, field, want string
			body              map[string]any
		}{
			{"no refund", "refund_percent", "Choose a refund of 0, 50 or 100 percent.", map[string]any{"note": "x"}},
			{"30%", "refund_percent", "Choose a refund of 0, 50 or 100 percent.", map[string]any{"refund_percent": 30, "note": "x"}},
			{"no note", "note", "Write a note: both sides of the class read it.", map[string]any{"refund_percent": 50, "note": "  "}},
		} {
			if r := a.do(req{method: "POST", path: disputePath(id, "decide/"), token: ops, body: tc.body}); r.status != 400 || r.field(t, tc.field) != tc.want {
				t.Errorf("%s: %d %s", tc.name, r.status, r.body)
			}
		}
		if r := a.do(req{method: "POST", path: disputePath(id, "decide/"), token: ops, lang: "fa", body: map[string]any{"refund_percent": 50}}); r.field(t, "note") != "یادداشتی بنویسید؛ هر دو طرف کلاس آن را می‌خوانند." {
			t.Errorf("no note, in Persian: %s", r.body)
		}

		saraBefore, teacherBefore := s.wallet(t, s.saraID), s.wallet(t, teacherID)
		a.expect(t, 200, req{method: "POST", path: disputePath(id, "decide/"), token: ops,
			body: map[string]any{"refund_percent": 50, "note": " The class started late; half each. "}}).decode(t, &d)
		if d.Status != "resolved" || d.Outcome == nil || *d.Outcome != "half_refund" || d.RefundPercent == nil || *d.RefundPercent != 50 ||
			d.Note != "The class started late; half each." || d.DecidedBy == nil || d.DecidedBy.Username != "ops" || d.DecidedBy.Role != "admin" ||
			d.DecidedAt == nil || !d.DecidedAt.Equal(a.clock.Now()) {
			t.Fatalf("decided: %+v", d)
		}
		// Half of 100,001 back to sara, rounded up for her: 50,001. The
		// teacher's 50,000 pays 15% (7,500) to the platform.
		if got := s.wallet(t, s.saraID) - saraBefore; got != 50_001 {
			t.Errorf("sara got %d, want 50001", got)
		}
		if got := s.wallet(t, teacherID) - teacherBefore; got != 42_500 {
			t.Errorf("the teacher got %d, want 42500", got)
		}
		if r := a.do(req{method: "POST", path: disputePath(id, "decide/"), token: ops, body: map[string]any{"refund_percent": 100, "note": "again"}}); r.status != 409 ||
			r.json(t)["detail"] != "This dispute has already been decided." {
			t.Fatalf("decided twice: %d %s", r.status, r.body)
		}

		// Both sides see the decision on their class.
		mine := s.class(t, s.sara, booking)["problem"].(map[string]any)
		theirs := s.teacherClass(t, booking)["problem"].(map[string]any)
		for _, p := range []map[string]any{mine, theirs} {
			if p["status"] != "resolved" || p["outcome"] != "half_refund" || p["note"] != "The class started late; half each." {
				t.Errorf("the class's report: %v", p)
			}
		}
		if c := s.class(t, s.sara, booking); c["status"] != "done" {
			t.Errorf("the class after the decision: %v", c["status"])
		}

		if r := a.expect(t, 200, req{method: "GET", path: "/api/admin/disputes/", token: ops}); string(r.body) != "[]\n" {
			t.Errorf("disputed after the decision: %s", r.body)
		}
		a.expect(t, 200, req{method: "GET", path: "/api/admin/disputes/?status=resolved", token: ops}).decode(t, &list)
		if len(list) != 1 || list[0].ID != id || *list[0].RefundPercent != 50 {
			t.Errorf("resolved: %+v", list)
		}
		var log []struct {
			Action, Reason string
			ObjectType     string `json:"object_type"`
			ObjectID       int64  `json:"object_id"`
		}
		a.expect(t, 200, req{method: "GET", path: "/api/admin/log/", token: ops}).decode(t, &log)
		if len(log) != 2 || log[0].Action != "dispute.decide" || log[0].ObjectType != "problem_report" || log[0].ObjectID != id ||
			log[0].Reason != "The class started late; half each." {
			t.Errorf("operator log: %+v", log)
		}

		// An open report is no dispute: not shown, not decided.
		open, _ := s.endedClass(t, s.sara, time.Hour)
		report := s.report(t, s.sara, open, "technical", "no_refund")
		if r := a.do(req{method: "GET", path: disputePath(report, ""), token: ops}); r.status != 404 {
			t.Errorf("an open report's detail: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: disputePath(report, "decide/"), token: ops, body: map[string]any{"refund_percent": 0, "note": "x"}}); r.status != 409 {
			t.Errorf("deciding an open report: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: disputePath(999999, ""), token: ops}); r.status != 404 {
			t.Errorf("an unknown dispute: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestDisputeDecidedOnce: two operators deciding one dispute at once, each
// differently: one is refused with 409, and the money moves once, as the
// one who won decided.
func TestDisputeDecidedOnce(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fundStudents(t, 1_000_000)
		ops := []string{a.operator("ops1", "09121000108"), a.operator("ops2", "09121000109")}
		teacherID := a.userID(t, "maryam")
		for round := range 3 {
			booking, _ := s.endedClass(t, s.sara, time.Hour)
			id := s.disputed(t, booking, "full_refund")
			saraBefore, teacherBefore := s.wallet(t, s.saraID), s.wallet(t, teacherID)
			var wg sync.WaitGroup
			answers := make([]resp, 2)
			for i, percent := range []int{100, 0} {
				wg.Go(func() {
					answers[i] = a.do(req{method: "POST", path: disputePath(id, "decide/"), token: ops[i], body: map[string]any{"refund_percent": percent, "note": "decided"}})
				})
			}
			wg.Wait()
			won := slices.IndexFunc(answers, func(r resp) bool { return r.status == 200 })
			if won < 0 || answers[1-won].status != 409 {
				t.Fatalf("round %d: %d and %d, want one 200 and one 409", round, answers[0].status, answers[1].status)
			}
			refund := map[int]int64{0: price, 1: 0}[won]
			if got := s.wallet(t, s.saraID) - saraBefore; got != refund {
				t.Errorf("round %d: sara got %d, want %d", round, got, refund)
			}
			if got := s.wallet(t, teacherID) - teacherBefore; got != price-refund {
				t.Errorf("round %d: the teacher got %d, want %d", round, got, price-refund)
			}
		}
		var log []struct{ Action string }
		a.expect(t, 200, req{method: "GET", path: "/api/admin/log/", token: ops[0]}).decode(t, &log)
		if len(log) != 3 {
			t.Errorf("%d log rows, want 3", len(log))
		}
		a.audit(t)
	})
}

// TestDisputeOfPaidClass: a dispute over a class already paid refunds from
// the teacher's wallet; when the teacher has withdrawn the money, the
// operator is told, and nothing moves.
func TestDisputeOfPaidClass(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		ops := a.operator("ops", "09121000109")
		teacherID := a.userID(t, "maryam")
		booking, _ := s.endedClass(t, s.sara, time.Hour)
		a.expect(t, 200, req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", booking), token: s.teacher})
		id := s.disputed(t, booking, "full_refund")
		a.expect(t, 201, req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: s.teacher, body: map[string]any{"amount": price, "iban": teacherIBAN}})
		r := a.do(req{method: "POST", path: disputePath(id, "decide/"), token: ops, body: map[string]any{"refund_percent": 100, "note": "refund"}})
		if r.status != 409 || r.json(t)["detail"] != zabano.MsgDisputeWithdrawn.En {
			t.Fatalf("refund of withdrawn money: %d %s", r.status, r.body)
		}
		var d dispute
		a.expect(t, 200, req{method: "GET", path: disputePath(id, ""), token: ops}).decode(t, &d)
		if d.Status != "disputed" || s.wallet(t, teacherID) != 0 {
			t.Fatalf("after the refusal: %+v, teacher %d", d, s.wallet(t, teacherID))
		}
		// The operator rejects the withdrawal: the money is back, and the refund goes through.
		var queue []adminWithdrawal
		a.expect(t, 200, req{method: "GET", path: "/api/admin/withdrawals/", token: ops}).decode(t, &queue)
		a.expect(t, 200, req{method: "POST", path: fmt.Sprintf("/api/admin/withdrawals/%d/reject/", queue[0].ID), token: ops, body: map[string]string{"reason": "a dispute holds it"}})
		saraBefore := s.wallet(t, s.saraID)
		a.expect(t, 200, req{method: "POST", path: disputePath(id, "decide/"), token: ops, body: map[string]any{"refund_percent": 100, "note": "refund"}})
		if s.wallet(t, s.saraID)-saraBefore != price || s.wallet(t, teacherID) != 0 {
			t.Fatalf("after the refund: sara +%d, teacher %d", s.wallet(t, s.saraID)-saraBefore, s.wallet(t, teacherID))
		}
		a.audit(t)
	})
}
