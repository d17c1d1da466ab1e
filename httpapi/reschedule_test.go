package httpapi_test

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

func reschedulePath(booking int64) string { return fmt.Sprintf("/api/slot/%d/reschedule/", booking) }
func rescheduleAnswerPath(proposal int64) string {
	return fmt.Sprintf("/api/slot/reschedule/%d/", proposal)
}

// propose proposes moving class booking to slot for the side of token.
func (s *school) propose(token string, booking, slot int64) resp {
	return s.do(req{method: "POST", path: reschedulePath(booking), token: token, body: map[string]any{"slot": slot}})
}

func (s *school) answer(token string, proposal int64, accept bool) resp {
	return s.do(req{method: "PUT", path: rescheduleAnswerPath(proposal), token: token, body: map[string]any{"accept": accept}})
}

// hourSlot opens a one-hour slot of the school's teacher starting at from.
func (s *school) hourSlot(t *testing.T, from time.Time) int64 {
	t.Helper()
	r := s.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]any{"start": from, "end": from.Add(time.Hour)}})
	if r.status != 201 {
		t.Fatalf("slot: %d %s", r.status, r.body)
	}
	return int64(r.json(t)["id"].(float64))
}

// freeSlotIDs are the ids the teacher's free-slot list offers students.
func (s *school) freeSlotIDs(t *testing.T) map[int64]bool {
	t.Helper()
	var list []map[string]any
	s.do(req{method: "GET", path: fmt.Sprintf("/api/slot/teacher/%d/", s.userID(t, "maryam")), token: s.sara}).decode(t, &list)
	ids := map[int64]bool{}
	for _, sl := range list {
		ids[int64(sl["id"].(float64))] = true
	}
	return ids
}

// teacherClass is the class id as the teacher's list shows it.
func (s *school) teacherClass(t *testing.T, id int64) map[string]any {
	t.Helper()
	var list []map[string]any
	s.do(req{method: "GET", path: "/api/slot/lists/teacher/", token: s.teacher}).decode(t, &list)
	for _, c := range list {
		if int64(c["id"].(float64)) == id {
			return c
		}
	}
	t.Fatalf("class %d is not in the teacher's list", id)
	return nil
}

func idOf(t *testing.T, r resp) int64 {
	t.Helper()
	return int64(r.json(t)["id"].(float64))
}

// TestRescheduleAPI: either side proposes another free slot of the teacher;
// it is held until the other side answers; accepted, the class moves there
// and its old slot is free again, no money moving.
func TestRescheduleAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fundStudents(t, 1_000_000)
		day := a.clock.Now().Truncate(time.Hour).Add(72 * time.Hour)
		old, b, c := s.hourSlot(t, day), s.hourSlot(t, day.Add(2*time.Hour)), s.hourSlot(t, day.Add(4*time.Hour))
		id := s.book(t, s.sara, old)
		r := a.do(req{method: "POST", path: "/api/slot/available/", token: s.other, body: map[string]any{
			"start": day, "end": day.Add(time.Hour), "timezone": "Asia/Tehran"}})
		if r.status != 201 {
			t.Fatalf("the other teacher's slot: %d %s", r.status, r.body)
		}
		others := idOf(t, r)
		wallet := s.wallet(t, s.saraID)

		// Bad input, and who may not.
		for _, tc := range []struct {
			name   string
			token  string
			body   any
			status int
		}{
			{"no slot", s.teacher, map[string]any{}, 400},
			{"the class's own slot", s.teacher, map[string]any{"slot": old}, 400},
			{"another teacher's slot", s.sara, map[string]any{"slot": others}, 400},
			{"no such slot", s.sara, map[string]any{"slot": 999_999}, 404},
			{"anonymous", "", map[string]any{"slot": b}, 401},
			{"another student", s.nima, map[string]any{"slot": b}, 404},
			{"another teacher", s.other, map[string]any{"slot": b}, 404},
		} {
			r := a.do(req{method: "POST", path: reschedulePath(id), token: tc.token, body: tc.body})
			if r.status != tc.status {
				t.Fatalf("%s: %d %s, want %d", tc.name, r.status, r.body, tc.status)
			}
		}
		if r := a.do(req{method: "POST", path: reschedulePath(id), token: s.teacher, body: map[string]any{"slot": old}, lang: "fa"}); r.json(t)["detail"] != "این همان زمان کنونی کلاس است. لطفاً زمان دیگری انتخاب کنید." {
			t.Fatalf("the Persian message: %s", r.body)
		}

		// The teacher proposes b: held for 48 hours, the class being 3 days ahead.
		r = s.propose(s.teacher, id, b)
		if r.status != 201 {
			t.Fatalf("propose: %d %s", r.status, r.body)
		}
		p := r.json(t)
		pid := idOf(t, r)
		if p["proposed_by"] != "teacher" || p["status"] != "open" || int64(p["booking"].(float64)) != id ||
			p["expires_at"] != a.clock.Now().Add(48*time.Hour).Format(time.RFC3339) ||
			p["slot"].(map[string]any)["start"] != day.Add(2*time.Hour).Format(time.RFC3339) {
			t.Fatalf("proposal: %s", r.body)
		}
		if s.freeSlotIDs(t)[b] || !s.freeSlotIDs(t)[c] {
			t.Fatalf("the held slot is offered, or the free one is not: %v", s.freeSlotIDs(t))
		}
		if r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.nima, body: map[string]any{"slot": b, "level_price": s.level}}); r.status != 409 {
			t.Fatalf("booking a held slot: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "DELETE", path: fmt.Sprintf("/api/available-slot/%d/delete/", b), token: s.teacher}); r.status != 409 {
			t.Fatalf("deleting a held slot: %d %s", r.status, r.body)
		}
		if r := s.propose(s.sara, id, c); r.status != 409 {
			t.Fatalf("a second proposal for the class: %d %s", r.status, r.body)
		}
		for _, cl := range []map[string]any{s.class(t, s.sara, id), s.teacherClass(t, id)} {
			rs, _ := cl["reschedule"].(map[string]any)
			if rs == nil || int64(rs["id"].(float64)) != pid || rs["proposed_by"] != "teacher" {
				t.Fatalf("the class list's reschedule: %v", cl["reschedule"])
			}
		}

		// Only the other side answers, with an answer.
		if r := s.answer(s.teacher, pid, true); r.status != 403 {
			t.Fatalf("the proposer answers: %d %s", r.status, r.body)
		}
		for _, tc := range []struct {
			token  string
			status int
		}{{"", 401}, {s.nima, 404}, {s.other, 404}} {
			if r := s.answer(tc.token, pid, true); r.status != tc.status {
				t.Fatalf("a stranger answers: %d %s, want %d", r.status, r.body, tc.status)
			}
		}
		if r := a.do(req{method: "PUT", path: rescheduleAnswerPath(pid), token: s.sara, body: map[string]any{}}); r.status != 400 {
			t.Fatalf("no answer: %d %s", r.status, r.body)
		}
		if r := s.answer(s.sara, 999_999, true); r.status != 404 {
			t.Fatalf("no such proposal: %d %s", r.status, r.body)
		}

		// The student accepts: the class moves, its old slot is offered again.
		r = s.answer(s.sara, pid, true)
		if r.status != 200 || r.json(t)["status"] != "accepted" {
			t.Fatalf("accept: %d %s", r.status, r.body)
		}
		cl := s.class(t, s.sara, id)
		if cl["start_time"] != day.Add(2*time.Hour).Format(time.RFC3339) || int64(cl["slot"].(float64)) != b ||
			cl["reschedule"] != nil || cl["price"] != 250_000.0 || cl["status"] != "booked" {
			t.Fatalf("the moved class: %v", cl)
		}
		if got := s.wallet(t, s.saraID); got != wallet {
			t.Fatalf("wallet %d, want %d: no money moves", got, wallet)
		}
		if r := s.answer(s.sara, pid, false); r.status != 409 {
			t.Fatalf("answering twice: %d %s", r.status, r.body)
		}
		if !s.freeSlotIDs(t)[old] {
			t.Fatalf("the old slot is not offered again")
		}
		s.book(t, s.nima, old)

		// The student proposes c; the teacher declines: c is free again.
		r = s.propose(s.sara, id, c)
		if r.status != 201 || r.json(t)["proposed_by"] != "student" {
			t.Fatalf("the student proposes: %d %s", r.status, r.body)
		}
		if r := s.answer(s.teacher, idOf(t, r), false); r.status != 200 || r.json(t)["status"] != "declined" {
			t.Fatalf("decline: %d %s", r.status, r.body)
		}
		if !s.freeSlotIDs(t)[c] || s.class(t, s.sara, id)["reschedule"] != nil || int64(s.class(t, s.sara, id)["slot"].(float64)) != b {
			t.Fatalf("after declining: %v", s.class(t, s.sara, id))
		}
		// A slot booked meanwhile is taken.
		s.book(t, s.nima, c)
		if r := s.propose(s.teacher, id, c); r.status != 409 {
			t.Fatalf("proposing a booked slot: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestRescheduleTime: a proposal expires 48 hours after it is made, or at
// the class's start, whichever is first, that instant included; the class
// can be moved only before it starts; a class cancelled or done withdraws
// its proposal.
func TestRescheduleTime(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fundStudents(t, 1_000_000)
		start := a.clock.Now()
		far := start.Truncate(time.Hour).Add(5 * 24 * time.Hour)
		id := s.book(t, s.sara, s.hourSlot(t, far))
		slot := s.hourSlot(t, far.Add(3*time.Hour))
		r := s.propose(s.sara, id, slot)
		if r.status != 201 {
			t.Fatalf("propose: %d %s", r.status, r.body)
		}
		pid := idOf(t, r)
		// A second before the expiry the slot is held; at it, it is gone everywhere.
		a.clock.Add(48*time.Hour - time.Second)
		s.sara, s.nima, s.teacher = a.login("sara", "secret1"), a.login("nima", "secret1"), a.login("maryam", "secret1")
		if s.freeSlotIDs(t)[slot] || s.teacherClass(t, id)["reschedule"] == nil {
			t.Fatalf("a second before the expiry, the proposal is gone")
		}
		a.clock.Add(time.Second)
		if !s.freeSlotIDs(t)[slot] || s.teacherClass(t, id)["reschedule"] != nil {
			t.Fatalf("at the expiry, the proposal is still there")
		}
		if r := s.answer(s.teacher, pid, true); r.status != 409 {
			t.Fatalf("accepting an expired proposal: %d %s", r.status, r.body)
		}
		// The class may have a new proposal, of the same slot too.
		r = s.propose(s.teacher, id, slot)
		if r.status != 201 {
			t.Fatalf("proposing again after the expiry: %d %s", r.status, r.body)
		}
		// The class is cancelled: the proposal is withdrawn and its slot free.
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", id), token: s.sara}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		if r := s.answer(s.sara, idOf(t, r), true); r.status != 409 || !s.freeSlotIDs(t)[slot] {
			t.Fatalf("accepting the proposal of a cancelled class: %d %s", r.status, r.body)
		}
		if r := s.propose(s.sara, id, slot); r.status != 409 {
			t.Fatalf("proposing for a cancelled class: %d %s", r.status, r.body)
		}

		// A class 10 hours ahead: its proposal expires at its start.
		near := a.clock.Now().Truncate(time.Hour).Add(10 * time.Hour)
		id = s.book(t, s.sara, s.hourSlot(t, near))
		later, past := s.hourSlot(t, near.Add(2*time.Hour)), s.hourSlot(t, a.clock.Now().Add(time.Hour))
		r = s.propose(s.teacher, id, later)
		if r.status != 201 || r.json(t)["expires_at"] != near.Format(time.RFC3339) {
			t.Fatalf("propose: %d %s, want expiry at the start %v", r.status, r.body, near)
		}
		pid = idOf(t, r)
		a.clock.Add(2 * time.Hour)
		if r := s.propose(s.sara, id, past); r.status != 400 {
			t.Fatalf("proposing a past slot: %d %s", r.status, r.body)
		}
		a.clock.Add(near.Sub(a.clock.Now()))
		s.sara, s.teacher = a.login("sara", "secret1"), a.login("maryam", "secret1")
		if r := s.answer(s.sara, pid, true); r.status != 409 {
			t.Fatalf("accepting at the class's start: %d %s", r.status, r.body)
		}
		if r := s.propose(s.sara, id, later); r.status != 409 {
			t.Fatalf("proposing at the class's start: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestRescheduleRaces: two proposals of one free slot from two classes, a
// proposal racing a booking of that slot, an accept racing a decline or the
// class's start: each has one winner, and the bookings stay whole.
func TestRescheduleRaces(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fundStudents(t, 5_000_000)
		for i := range 8 {
			s.sara, s.nima, s.teacher = a.login("sara", "secret1"), a.login("nima", "secret1"), a.login("maryam", "secret1")
			day := a.clock.Now().Truncate(time.Hour).Add(72 * time.Hour)
			mine, theirs := s.book(t, s.sara, s.hourSlot(t, day)), s.book(t, s.nima, s.hourSlot(t, day.Add(time.Hour)))
			target := s.hourSlot(t, day.Add(2*time.Hour))
			var wg sync.WaitGroup
			var first, second resp
			switch i % 4 {
			case 0: // two classes propose the one slot
				wg.Go(func() { first = s.propose(s.sara, mine, target) })
				wg.Go(func() { second = s.propose(s.teacher, theirs, target) })
			case 1: // a proposal and a booking of the slot
				wg.Go(func() { first = s.propose(s.sara, mine, target) })
				wg.Go(func() {
					second = s.do(req{method: "POST", path: "/api/slot/booking/", token: s.nima, body: map[string]any{"slot": target, "level_price": s.level}})
				})
			case 2: // an accept and a decline
				pid := idOf(t, s.propose(s.teacher, mine, target))
				wg.Go(func() { first = s.answer(s.sara, pid, true) })
				wg.Go(func() { second = s.answer(s.sara, pid, false) })
			case 3: // an accept and the class's start
				pid := idOf(t, s.propose(s.teacher, mine, target))
				wg.Go(func() { first = s.answer(s.sara, pid, true) })
				wg.Go(func() { a.clock.Add(day.Sub(a.clock.Now())) })
			}
			wg.Wait()
			if i%4 == 3 {
				// Accepted before the start, the class is at its new time; else where it was.
				want := day
				if first.status == 200 {
					want = day.Add(2 * time.Hour)
				} else if first.status != 409 {
					t.Fatalf("round %d: accept %d %s", i, first.status, first.body)
				}
				s.sara = a.login("sara", "secret1")
				if got := s.class(t, s.sara, mine)["start_time"]; got != want.Format(time.RFC3339) {
					t.Fatalf("round %d: the class starts %v, want %v (accept %d %s)", i, got, want, first.status, first.body)
				}
			} else if (first.status == 201 || first.status == 200) == (second.status == 201 || second.status == 200) || first.status >= 500 || second.status >= 500 {
				t.Fatalf("round %d: %d %s / %d %s", i, first.status, first.body, second.status, second.body)
			}
			a.audit(t)
			a.clock.Add(5 * 24 * time.Hour)
		}
	})
}
