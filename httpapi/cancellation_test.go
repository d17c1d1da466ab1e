package httpapi_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// book books slot for the student of token and returns the class's id.
func (s *school) book(t *testing.T, token string, slot int64) int64 {
	t.Helper()
	r := s.do(req{method: "POST", path: "/api/slot/booking/", token: token, body: map[string]any{"slot": slot, "level_price": s.level}})
	if r.status != 201 {
		t.Fatalf("book: %d %s", r.status, r.body)
	}
	return int64(r.json(t)["id"].(float64))
}

// fundStudents tops up both students' wallets by amount.
func (s *school) fundStudents(t *testing.T, amount int64) {
	t.Helper()
	s.fund(t, s.saraID, amount)
	s.fund(t, s.nimaID, amount)
}

// class is the student's class id as their list shows it.
func (s *school) class(t *testing.T, token string, id int64) map[string]any {
	t.Helper()
	var list []map[string]any
	json.Unmarshal(s.do(req{method: "GET", path: "/api/slot/lists/student/", token: token}).body, &list)
	for _, c := range list {
		if int64(c["id"].(float64)) == id {
			return c
		}
	}
	t.Fatalf("class %d is not in the list", id)
	return nil
}

// audit fails t when the ledger, the bookings, the withdrawals or the
// payments break a rule.
func (a *app) audit(t *testing.T) {
	t.Helper()
	if report, err := a.db.Audit(t.Context()); err != nil || !report.OK() {
		t.Errorf("audit: %+v %v", report, err)
	}
}

// TestFreeCancellation: a student's cancel is free and at once until 24
// hours before the start, that instant included: refunded, the slot free
// again, no approval. A second later it is a request to the teacher.
func TestFreeCancellation(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		// 09:00, 10:00 and 11:00 Tehran on 2026-11-23: 05:30, 06:30 and 07:30 UTC.
		starts := []time.Time{
			time.Date(2026, 11, 23, 5, 30, 0, 0, time.UTC),
			time.Date(2026, 11, 23, 6, 30, 0, 0, time.UTC),
			time.Date(2026, 11, 23, 7, 30, 0, 0, time.UTC),
		}
		s.fundStudents(t, 1_000_000)
		slots := []int64{s.slot(t, "2026-11-23", "09:00", "10:00"), s.slot(t, "2026-11-23", "10:00", "11:00"), s.slot(t, "2026-11-23", "11:00", "12:00")}
		var ids []int64
		for _, slot := range slots {
			ids = append(ids, s.book(t, s.sara, slot))
		}
		cancel := func(id int64, token string) resp {
			return a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", id), token: token})
		}
		until := s.class(t, s.sara, ids[0])["free_cancel_until"]
		if until != starts[0].Add(-24*time.Hour).Format(time.RFC3339) {
			t.Fatalf("free_cancel_until %v, want 24 hours before %v", until, starts[0])
		}

		// Who may not: another student, a teacher, nobody.
		if r := cancel(ids[0], s.nima); r.status != 404 {
			t.Fatalf("another student cancels: %d %s", r.status, r.body)
		}
		if r := cancel(ids[0], s.teacher); r.status != 403 {
			t.Fatalf("a teacher on the student's route: %d %s", r.status, r.body)
		}
		if r := cancel(ids[0], ""); r.status != 401 {
			t.Fatalf("anonymous: %d", r.status)
		}

		free := func(i int, before time.Duration) {
			t.Helper()
			a.clock.Add(starts[i].Add(-24*time.Hour - before).Sub(a.clock.Now()))
			wallet := s.wallet(t, s.saraID)
			r := cancel(ids[i], s.sara)
			if r.status != 200 {
				t.Fatalf("class %d, %v before the boundary: %d %s", i, before, r.status, r.body)
			}
			m := r.json(t)
			if m["status"] != "approved_cancel" || m["cancelled_by"] != "student" || m["free_cancel_until"] != nil || m["meeting_link"] != "" {
				t.Fatalf("class %d, %v before the boundary: %s", i, before, r.body)
			}
			if got := s.wallet(t, s.saraID); got != wallet+250_000 {
				t.Fatalf("class %d: wallet %d, want %d refunded at once", i, got, wallet+250_000)
			}
			// The time is offered again, and another student books it.
			s.book(t, s.nima, slots[i])
			if r := cancel(ids[i], s.sara); r.status != 409 {
				t.Fatalf("cancel a cancelled class: %d %s", r.status, r.body)
			}
		}
		free(0, time.Second)
		free(1, 0) // exactly 24 hours before: still free

		// A second past the boundary: a request the teacher decides; no money moves.
		a.clock.Add(starts[2].Add(-24*time.Hour + time.Second).Sub(a.clock.Now()))
		if c := s.class(t, s.sara, ids[2]); c["free_cancel_until"] != nil {
			t.Fatalf("free_cancel_until after the boundary: %v", c["free_cancel_until"])
		}
		wallet := s.wallet(t, s.saraID)
		if r := cancel(ids[2], s.sara); r.status != 200 || r.json(t)["status"] != "cancel_pending" || s.wallet(t, s.saraID) != wallet {
			t.Fatalf("a second past the boundary: %d %s, wallet %d", r.status, r.body, s.wallet(t, s.saraID))
		}
		r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/approve/?id=%d", ids[2]), token: s.teacher, body: map[string]bool{"approve": true}})
		if r.status != 200 || r.json(t)["status"] != "approved_cancel" || s.wallet(t, s.saraID) != wallet+250_000 {
			t.Fatalf("the teacher approves: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestFreeCancelNotice: the notice is a setting (ZABANO_FREE_CANCEL_HOURS);
// with none, a class is cancelled free up to its start.
func TestFreeCancelNotice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		a := newApp(t, db, func(s *httpapi.Server) { s.Bookings.FreeCancel = 0 })
		s := newSchool(t, a)
		// 09:00 Tehran on 2026-11-22 is 05:30 UTC, 20.5 hours after the clock's start.
		id := s.book(t, s.sara, s.slot(t, "2026-11-22", "09:00", "10:00"))
		a.clock.Add(time.Date(2026, 11, 22, 5, 30, 0, 0, time.UTC).Sub(a.clock.Now()) - time.Second)
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", id), token: s.sara}); r.status != 200 || r.json(t)["status"] != "approved_cancel" {
			t.Fatalf("a second before the start: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestFreeCancelRaces: a student's free cancellation racing the teacher's
// cancel, or the class's end and its marking done, has one winner, and the
// money moves once.
func TestFreeCancelRaces(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fundStudents(t, 2_000_000)
		for i := range 6 {
			// The clock runs days ahead: fresh sessions each round.
			s.sara, s.teacher = a.login("sara", "secret1"), a.login("maryam", "secret1")
			// A class two days ahead: free to cancel now.
			start := a.clock.Now().Truncate(time.Hour).Add(time.Duration(48+i) * time.Hour)
			r := a.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]any{
				"start": start, "end": start.Add(time.Hour)}})
			if r.status != 201 {
				t.Fatalf("slot: %d %s", r.status, r.body)
			}
			id := s.book(t, s.sara, int64(r.json(t)["id"].(float64)))
			wallet, earned := s.wallet(t, s.saraID), s.wallet(t, a.userID(t, "maryam"))
			var other string
			if i%2 == 0 {
				other = fmt.Sprintf("/api/slot/teacher-cancel/%d/", id)
			} else {
				other = fmt.Sprintf("/api/slot/done/%d/", id)
			}
			var wg sync.WaitGroup
			var cancelled, rival resp
			wg.Go(func() {
				cancelled = a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", id), token: s.sara})
			})
			wg.Go(func() {
				if i%2 == 1 {
					a.clock.Add(72 * time.Hour) // the class has ended
				}
				rival = a.do(req{method: "PUT", path: other, token: s.teacher})
			})
			wg.Wait()
			if (cancelled.status == 200) == (rival.status == 200) {
				t.Fatalf("round %d: cancel %d %s, %s %d %s", i, cancelled.status, cancelled.body, other, rival.status, rival.body)
			}
			wantWallet, wantEarned := wallet+250_000, earned
			if i%2 == 1 && rival.status == 200 {
				wantWallet, wantEarned = wallet, earned+250_000
			}
			if got, gotEarned := s.wallet(t, s.saraID), s.wallet(t, a.userID(t, "maryam")); got != wantWallet || gotEarned != wantEarned {
				t.Fatalf("round %d: wallet %d, teacher %d; want %d, %d", i, got, gotEarned, wantWallet, wantEarned)
			}
		}
		a.audit(t)
	})
}
