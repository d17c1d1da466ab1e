package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

const price = 250_000 // the school's class price

// endedClass books a one-hour class of the student with the school's
// teacher starting in d and moves the clock to its end; it returns the
// booking's id and end.
func (s *school) endedClass(t *testing.T, student string, d time.Duration) (int64, time.Time) {
	t.Helper()
	from := s.clock.Now().Add(d)
	r := s.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]any{"start": from, "end": from.Add(time.Hour)}})
	if r.status != 201 {
		t.Fatalf("slot: %d %s", r.status, r.body)
	}
	id := s.book(t, student, int64(r.json(t)["id"].(float64)))
	s.clock.Add(d + time.Hour)
	return id, from.Add(time.Hour)
}

func problemPath(booking int64) string      { return fmt.Sprintf("/api/slot/%d/problem/", booking) }
func problemAnswerPath(report int64) string { return fmt.Sprintf("/api/slot/problem/%d/", report) }

// report files a problem with the class and returns the report's id.
func (s *school) report(t *testing.T, token string, booking int64, reason, resolution string) int64 {
	t.Helper()
	r := s.do(req{method: "POST", path: problemPath(booking), token: token, body: map[string]string{"reason": reason, "resolution": resolution}})
	if r.status != 201 {
		t.Fatalf("report: %d %s", r.status, r.body)
	}
	return int64(r.json(t)["id"].(float64))
}

// settle runs the settlement job at the clock's time.
func (s *school) settle(t *testing.T) int {
	t.Helper()
	n, err := s.db.SettleDue(t.Context(), s.clock.Now().Add(-zabano.SettleAfter))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestProblemAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		teacherID := a.userID(t, "maryam")
		from := a.clock.Now().Add(time.Hour)
		slot := a.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]any{"start": from, "end": from.Add(time.Hour)}}).json(t)["id"]
		booking := s.book(t, s.sara, int64(slot.(float64)))
		body := map[string]string{"reason": "teacher_absent", "text": "  I waited 20 minutes  ", "resolution": "full_refund"}

		// Before the class ends.
		a.clock.Add(2*time.Hour - time.Millisecond)
		if r := a.do(req{method: "POST", path: problemPath(booking), token: s.sara, body: body}); r.status != 400 || r.json(t)["detail"] != "A problem can be reported once the class has ended." {
			t.Fatalf("before the end: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: problemPath(booking), token: s.sara, body: body, lang: "fa"}); r.json(t)["detail"] != "مشکل کلاس را فقط پس از پایان آن می‌توان گزارش کرد." {
			t.Fatalf("before the end, in Persian: %s", r.body)
		}
		a.clock.Add(time.Millisecond) // the end itself

		// Who may not.
		for _, tc := range []struct {
			who    string
			token  string
			status int
		}{{"anonymous", "", 401}, {"another student", s.nima, 403}, {"another teacher", s.other, 403}} {
			if r := a.do(req{method: "POST", path: problemPath(booking), token: tc.token, body: body}); r.status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.who, r.status, r.body, tc.status)
			}
		}
		if r := a.do(req{method: "POST", path: problemPath(999999), token: s.sara, body: body}); r.status != 404 {
			t.Errorf("unknown class: %d %s", r.status, r.body)
		}

		// Validation: nothing is written.
		for _, tc := range []struct {
			body        map[string]string
			field, want string
		}{
			{map[string]string{"resolution": "full_refund"}, "reason", "Choose what went wrong."},
			{map[string]string{"reason": "bored", "resolution": "full_refund"}, "reason", "Choose what went wrong."},
			{map[string]string{"reason": "technical"}, "resolution", "Choose how the class's price should be settled."},
			{map[string]string{"reason": "other", "text": "   ", "resolution": "no_refund"}, "text", "Describe the problem."},
			{map[string]string{"reason": "technical", "text": strings.Repeat("ب", 2001), "resolution": "half_refund"}, "text", "At most 2000 characters."},
		} {
			if r := a.do(req{method: "POST", path: problemPath(booking), token: s.sara, body: tc.body}); r.status != 400 || r.field(t, tc.field) != tc.want {
				t.Errorf("%v: %d %s", tc.body, r.status, r.body)
			}
		}
		if c := s.class(t, s.sara, booking); c["problem"] != nil {
			t.Fatalf("a refused report was kept: %v", c["problem"])
		}

		r := a.do(req{method: "POST", path: problemPath(booking), token: s.sara, body: body})
		if r.status != 201 {
			t.Fatalf("report: %d %s", r.status, r.body)
		}
		p := r.json(t)
		report := int64(p["id"].(float64))
		if p["booking"] != float64(booking) || p["reported_by"] != "student" || p["reason"] != "teacher_absent" ||
			p["text"] != "I waited 20 minutes" || p["resolution"] != "full_refund" || p["status"] != "open" {
			t.Fatalf("report: %s", r.body)
		}
		// One report a class, whichever side.
		if r := a.do(req{method: "POST", path: problemPath(booking), token: s.teacher, body: body}); r.status != 409 || r.json(t)["detail"] != "A problem was already reported for this class." {
			t.Fatalf("second report: %d %s", r.status, r.body)
		}

		// The payment waits: mark-done is refused, settlement passes it by.
		for _, token := range []string{s.teacher, s.sara} {
			if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", booking), token: token}); r.status != 409 ||
				r.json(t)["detail"] != "A problem was reported for this class: it is paid as the report is settled." {
				t.Fatalf("mark done: %d %s", r.status, r.body)
			}
		}
		a.clock.Add(zabano.SettleAfter)
		if n := s.settle(t); n != 0 || s.wallet(t, teacherID) != 0 {
			t.Fatalf("settled %d classes; teacher's wallet %d", n, s.wallet(t, teacherID))
		}
		// Both lists show it.
		for _, l := range []string{"/api/slot/lists/student/", "/api/slot/lists/teacher/"} {
			token := map[string]string{"/api/slot/lists/student/": s.sara, "/api/slot/lists/teacher/": s.teacher}[l]
			r := a.do(req{method: "GET", path: l, token: token})
			if !strings.Contains(string(r.body), `"problem":{"id":`+fmt.Sprint(report)) {
				t.Errorf("%s: %s", l, r.body)
			}
		}

		// Who may not answer.
		accept := map[string]bool{"accept": true}
		for _, tc := range []struct {
			who    string
			token  string
			status int
			detail string
		}{
			{"anonymous", "", 401, ""},
			{"the reporter", s.sara, 403, "You reported this problem: the other side of the class answers it."},
			{"another student", s.nima, 403, "Only the other side of this class can answer this report."},
			{"another teacher", s.other, 403, "Only the other side of this class can answer this report."},
		} {
			r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: tc.token, body: accept})
			if r.status != tc.status || tc.detail != "" && r.json(t)["detail"] != tc.detail {
				t.Errorf("%s: %d %s", tc.who, r.status, r.body)
			}
		}
		if r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: map[string]any{}}); r.status != 400 || r.field(t, "accept") == "" {
			t.Errorf("no answer: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "PUT", path: problemAnswerPath(999999), token: s.teacher, body: accept}); r.status != 404 {
			t.Errorf("unknown report: %d %s", r.status, r.body)
		}
		if got := s.wallet(t, s.saraID); got != 300_000-price {
			t.Fatalf("a refused answer moved money: %d", got)
		}

		r = a.do(req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: accept})
		if r.status != 200 || r.json(t)["status"] != "accepted" {
			t.Fatalf("accept: %d %s", r.status, r.body)
		}
		if got, earned := s.wallet(t, s.saraID), s.wallet(t, teacherID); got != 300_000 || earned != 0 {
			t.Fatalf("after a full refund: student %d, teacher %d", got, earned)
		}
		if c := s.class(t, s.sara, booking); c["status"] != "done" || c["problem"].(map[string]any)["status"] != "accepted" {
			t.Fatalf("class after: %v %v", c["status"], c["problem"])
		}
		if r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: map[string]bool{"accept": false}}); r.status != 409 {
			t.Fatalf("second answer: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: problemPath(booking), token: s.teacher, body: body}); r.status != 409 {
			t.Fatalf("a report after the first was accepted: %d %s", r.status, r.body)
		}
		if n := s.settle(t); n != 0 || s.wallet(t, teacherID) != 0 {
			t.Fatalf("settled a refunded class: %d", n)
		}
		a.audit(t)
	})
}

// TestProblemWindow: a class may be reported until 72 hours after its end,
// that instant included; a cancelled class not at all.
func TestProblemWindow(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		body := map[string]string{"reason": "student_absent", "resolution": "no_refund"}
		first, _ := s.endedClass(t, s.sara, time.Hour)
		second, _ := s.endedClass(t, s.nima, time.Hour)
		a.clock.Add(zabano.ProblemWindow) // the second class's last instant
		r := a.do(req{method: "POST", path: problemPath(first), token: s.teacher, body: body})
		if r.status != 400 || r.json(t)["detail"] != "A problem can be reported only within 72 hours of the class's end." {
			t.Fatalf("after the window: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: problemPath(second), token: s.teacher, body: body}); r.status != 201 || r.json(t)["reported_by"] != "teacher" {
			t.Fatalf("on the last instant: %d %s", r.status, r.body)
		}

		from := a.clock.Now().Add(48 * time.Hour)
		slot := a.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]any{"start": from, "end": from.Add(time.Hour)}}).json(t)["id"]
		s.fund(t, s.nimaID, price)
		cancelled := s.book(t, s.nima, int64(slot.(float64)))
		a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", cancelled), token: s.nima})
		a.clock.Add(50 * time.Hour)
		if r := a.do(req{method: "POST", path: problemPath(cancelled), token: s.nima, body: body}); r.status != 409 {
			t.Fatalf("a cancelled class: %d %s", r.status, r.body)
		}
	})
}

// TestProblemResolutions: what each accepted resolution moves, on a class
// still in escrow and on one already paid to its teacher; a decline moves
// nothing and holds the payment for an operator.
func TestProblemResolutions(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fundStudents(t, 5_000_000)
		teacherID := a.userID(t, "maryam")
		half := int64(price - price/2)
		for _, tc := range []struct {
			resolution             string
			paid                   bool // marked done before the report
			byTeacher              bool
			refund, teacherEarning int64
		}{
			{"full_refund", false, false, price, 0},
			{"half_refund", false, true, half, price - half},
			{"no_refund", false, true, 0, price},
			{"full_refund", true, false, price, 0},
			{"half_refund", true, false, half, price - half},
			{"no_refund", true, true, 0, price},
		} {
			id, _ := s.endedClass(t, s.sara, time.Hour)
			if tc.paid {
				a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: s.teacher})
			}
			wallet, earned := s.wallet(t, s.saraID), s.wallet(t, teacherID)
			if tc.paid {
				earned -= price
			}
			reporter, answerer := s.sara, s.teacher
			if tc.byTeacher {
				reporter, answerer = s.teacher, s.sara
			}
			report := s.report(t, reporter, id, "technical", tc.resolution)
			if r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: answerer, body: map[string]bool{"accept": true}}); r.status != 200 {
				t.Fatalf("%+v: accept: %d %s", tc, r.status, r.body)
			}
			if got, gotEarned := s.wallet(t, s.saraID)-wallet, s.wallet(t, teacherID)-earned; got != tc.refund || gotEarned != tc.teacherEarning {
				t.Errorf("%+v: student got %d, teacher %d", tc, got, gotEarned)
			}
			if c := s.class(t, s.sara, id); c["status"] != "done" {
				t.Errorf("%+v: class %v", tc, c["status"])
			}
		}

		// Declined: disputed, nothing moves, the payment waits for an operator.
		id, _ := s.endedClass(t, s.sara, time.Hour)
		wallet, earned := s.wallet(t, s.saraID), s.wallet(t, teacherID)
		report := s.report(t, s.sara, id, "teacher_absent", "full_refund")
		if r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: map[string]bool{"accept": false}}); r.status != 200 || r.json(t)["status"] != "disputed" {
			t.Fatalf("decline: %d %s", r.status, r.body)
		}
		a.clock.Add(zabano.SettleAfter + time.Hour)
		s.settle(t)
		if s.wallet(t, s.saraID) != wallet || s.wallet(t, teacherID) != earned || s.class(t, s.sara, id)["status"] != "booked" {
			t.Fatal("a disputed class's money moved")
		}
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: s.teacher}); r.status != 409 {
			t.Fatalf("mark done of a disputed class: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: map[string]bool{"accept": true}}); r.status != 409 {
			t.Fatalf("accept after declining: %d %s", r.status, r.body)
		}

		// Paid, then withdrawn: the refund cannot come back, and nothing moves.
		id, _ = s.endedClass(t, s.sara, time.Hour)
		a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: s.sara})
		all := s.wallet(t, teacherID)
		if r := a.do(req{method: "POST", path: "/api/teacher/wallet/withdrawals/", token: s.teacher, body: map[string]any{"amount": all, "iban": "IR530170000000111111111111"}}); r.status != 201 {
			t.Fatalf("withdraw: %d %s", r.status, r.body)
		}
		wallet = s.wallet(t, s.saraID)
		report = s.report(t, s.sara, id, "teacher_absent", "full_refund")
		r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: map[string]bool{"accept": true}, lang: "fa"})
		if r.status != 409 || !strings.Contains(r.json(t)["detail"].(string), "کیف پول استاد") {
			t.Fatalf("refund of a withdrawn payment: %d %s", r.status, r.body)
		}
		if s.wallet(t, s.saraID) != wallet || s.class(t, s.sara, id)["problem"].(map[string]any)["status"] != "open" {
			t.Fatal("a failed accept changed something")
		}
		a.audit(t)
	})
}

// TestProblemRaces: two reports at once make one; an accept racing the
// settlement and mark-done, or a report racing mark-done, moves the money
// once.
func TestProblemRaces(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fundStudents(t, 5_000_000)
		teacherID := a.userID(t, "maryam")
		body := map[string]string{"reason": "technical", "resolution": "full_refund"}
		for i := range 6 {
			s.sara, s.teacher = a.login("sara", "secret1"), a.login("maryam", "secret1")
			id, _ := s.endedClass(t, s.sara, time.Hour)
			wallet, earned := s.wallet(t, s.saraID), s.wallet(t, teacherID)
			var wg sync.WaitGroup
			var mu sync.Mutex
			statuses := map[int]int{}
			call := func(rq req) {
				r := a.do(rq)
				mu.Lock()
				statuses[r.status]++
				mu.Unlock()
			}
			var report int64
			if i%2 == 0 {
				// Both sides report at once, with mark-done and the settlement.
				a.clock.Add(zabano.SettleAfter)
				for _, token := range []string{s.sara, s.teacher} {
					wg.Go(func() { call(req{method: "POST", path: problemPath(id), token: token, body: body}) })
				}
				wg.Go(func() { call(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: s.teacher}) })
				wg.Go(func() { s.settle(t) })
				wg.Wait()
				if statuses[201] != 1 {
					t.Fatalf("round %d: %v", i, statuses)
				}
				p := s.class(t, s.sara, id)["problem"].(map[string]any)
				report = int64(p["id"].(float64))
				answerer := map[string]string{"student": s.teacher, "teacher": s.sara}[p["reported_by"].(string)]
				if r := a.do(req{method: "PUT", path: problemAnswerPath(report), token: answerer, body: map[string]bool{"accept": true}}); r.status != 200 {
					t.Fatalf("round %d: accept: %d %s", i, r.status, r.body)
				}
			} else {
				// The accept races mark-done by both sides and the settlement.
				report = s.report(t, s.sara, id, "technical", "full_refund")
				a.clock.Add(zabano.SettleAfter)
				wg.Go(func() {
					call(req{method: "PUT", path: problemAnswerPath(report), token: s.teacher, body: map[string]bool{"accept": true}})
				})
				for _, token := range []string{s.sara, s.teacher} {
					wg.Go(func() { call(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: token}) })
				}
				wg.Go(func() { s.settle(t) })
				wg.Wait()
				if statuses[200] != 1 || statuses[409] != 2 {
					t.Fatalf("round %d: %v", i, statuses)
				}
			}
			if got, gotEarned := s.wallet(t, s.saraID), s.wallet(t, teacherID); got != wallet+price || gotEarned != earned {
				t.Fatalf("round %d: student %d, teacher %d; want %d, %d", i, got, gotEarned, wallet+price, earned)
			}
		}
		a.audit(t)
	})
}
