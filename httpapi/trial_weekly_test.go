package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

const trialPrice = 80_000

// offerTrial gives the school's teacher a trial price.
func (s *school) offerTrial(t *testing.T) {
	t.Helper()
	r := s.do(req{method: "PUT", path: "/api/teacher/profile/", token: s.teacher, body: map[string]any{"test_session_price": fmt.Sprint(trialPrice)}})
	if r.status != 200 {
		t.Fatalf("trial price: %d %s", r.status, r.body)
	}
}

// trialAvailable is what the pricing view of the teacher of id tells token.
func (s *school) trialAvailable(t *testing.T, token string, id int64) any {
	t.Helper()
	r := s.do(req{method: "GET", path: fmt.Sprintf("/api/teachers/%d/profile/", id), token: token})
	if r.status != 200 {
		t.Fatalf("pricing: %d %s", r.status, r.body)
	}
	return r.json(t)["trial_available"]
}

func (s *school) bookTrial(token string, slot int64, lang string) resp {
	return s.do(req{method: "POST", path: "/api/slot/booking/", token: token, lang: lang, body: map[string]any{"slot": slot, "trial": true}})
}

// TestTrialClass: a teacher with a trial price gives each student one trial
// class at that price; a second answers 409, a cancelled one gives it back.
func TestTrialClass(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fund(t, s.saraID, 500_000)
		maryam := a.userID(t, "maryam")
		slots := []int64{
			s.slot(t, "2026-11-24", "09:00", "10:00"), s.slot(t, "2026-11-24", "10:00", "11:00"),
			s.slot(t, "2026-11-24", "11:00", "12:00"), s.slot(t, "2026-11-24", "12:00", "13:00"),
		}

		// A teacher without a trial price offers none.
		if got := s.trialAvailable(t, s.sara, maryam); got != false {
			t.Fatalf("trial_available without a trial price: %v", got)
		}
		r := s.bookTrial(s.sara, slots[0], "fa")
		if r.status != 400 || !strings.Contains(r.field(t, "trial"), "جلسهٔ آزمایشی ارائه نمی‌دهد") {
			t.Fatalf("no trial price: %d %s", r.status, r.body)
		}
		s.offerTrial(t)
		if got := s.trialAvailable(t, s.sara, maryam); got != true {
			t.Fatalf("trial_available for a student: %v", got)
		}
		if got := s.trialAvailable(t, s.other, maryam); got != false {
			t.Fatalf("trial_available for a teacher: %v", got)
		}

		// Who may not: nobody, a teacher.
		if r := s.bookTrial("", slots[0], ""); r.status != 401 {
			t.Fatalf("anonymous: %d", r.status)
		}
		if r := s.bookTrial(s.other, slots[0], ""); r.status != 403 {
			t.Fatalf("a teacher: %d", r.status)
		}
		// A level price naming the class's language must be the teacher's.
		r = s.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slots[0], "trial": true, "level_price": s.level + 1000}})
		if r.status != 400 || r.field(t, "level_price") == "" {
			t.Fatalf("another level price: %d %s", r.status, r.body)
		}

		r = s.bookTrial(s.sara, slots[0], "")
		if r.status != 201 {
			t.Fatalf("trial: %d %s", r.status, r.body)
		}
		m := r.json(t)
		trial := int64(m["id"].(float64))
		if m["trial"] != true || m["price"] != float64(trialPrice) || int64(m["level_price"].(float64)) != s.level || m["language"] != "English" {
			t.Fatalf("trial booking: %s", r.body)
		}
		if got := s.wallet(t, s.saraID); got != 800_000-trialPrice {
			t.Fatalf("wallet %d, want the trial price paid", got)
		}
		if c := s.class(t, s.sara, trial); c["trial"] != true {
			t.Fatalf("class list: %v", c)
		}
		if got := s.trialAvailable(t, s.sara, maryam); got != false {
			t.Fatalf("trial_available after the trial: %v", got)
		}

		// A second trial: 409 in either language; nothing paid.
		for lang, want := range map[string]string{"en": "already had your trial class", "fa": "قبلاً رزرو کرده‌اید"} {
			if r := s.bookTrial(s.sara, slots[1], lang); r.status != 409 || !strings.Contains(fmt.Sprint(r.json(t)["detail"]), want) {
				t.Fatalf("second trial (%s): %d %s", lang, r.status, r.body)
			}
		}
		if got := s.wallet(t, s.saraID); got != 800_000-trialPrice {
			t.Fatalf("wallet %d after a refused trial", got)
		}
		// A regular class with the same teacher is still open, and another
		// student's trial is their own.
		s.book(t, s.sara, slots[1])
		if r := s.bookTrial(s.nima, slots[2], ""); r.status != 201 {
			t.Fatalf("another student's trial: %d %s", r.status, r.body)
		}

		// A cancelled trial did not happen: it gives the trial back.
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", trial), token: s.sara}); r.status != 200 || r.json(t)["status"] != "approved_cancel" {
			t.Fatalf("cancel the trial: %d %s", r.status, r.body)
		}
		if got := s.trialAvailable(t, s.sara, maryam); got != true {
			t.Fatalf("trial_available after cancelling it: %v", got)
		}
		if r := s.bookTrial(s.sara, slots[3], ""); r.status != 201 {
			t.Fatalf("trial again: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestTrialRace: concurrent trial bookings by one student with one teacher
// make one, paid once.
func TestTrialRace(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.offerTrial(t)
		const n = 12
		slots := make([]int64, n)
		for i := range slots {
			slots[i] = s.slot(t, "2026-11-25", fmt.Sprintf("%02d:00", 8+i), fmt.Sprintf("%02d:00", 9+i))
		}
		var wg sync.WaitGroup
		statuses := make([]int, n)
		for i := range n {
			wg.Go(func() { statuses[i] = s.bookTrial(s.sara, slots[i], "").status })
		}
		wg.Wait()
		booked := 0
		for _, st := range statuses {
			switch st {
			case 201:
				booked++
			case 409:
			default:
				t.Fatalf("statuses %v", statuses)
			}
		}
		if booked != 1 || s.wallet(t, s.saraID) != 300_000-trialPrice {
			t.Fatalf("statuses %v, wallet %d", statuses, s.wallet(t, s.saraID))
		}
		a.audit(t)
	})
}

// weeklySlots opens n slots at the Tehran time from on n consecutive
// Mondays from 2026-11-23, and returns their ids.
func (s *school) weeklySlots(t *testing.T, n int, from, to string) []int64 {
	t.Helper()
	ids := make([]int64, n)
	for k := range ids {
		ids[k] = s.slot(t, time.Date(2026, 11, 23+7*k, 0, 0, 0, 0, time.UTC).Format(time.DateOnly), from, to)
	}
	return ids
}

func (s *school) bookWeekly(token string, body map[string]any) resp {
	return s.do(req{method: "POST", path: "/api/slot/booking/recurring/", token: token, body: body})
}

// TestWeeklyBooking: one request books the same time for 2 to 12 weeks, all
// or nothing; missing or taken weeks are named, and the total is paid.
func TestWeeklyBooking(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		slots := s.weeklySlots(t, 4, "09:00", "10:00")
		// Monday 09:00 Tehran is 05:30 UTC.
		week := func(k int) string {
			return time.Date(2026, 11, 23+7*(k-1), 5, 30, 0, 0, time.UTC).Format(time.RFC3339)
		}
		body := func(weeks any) map[string]any {
			return map[string]any{"slot": slots[0], "weeks": weeks, "level_price": s.level}
		}

		// Validation: every problem at once.
		r := s.bookWeekly(s.sara, map[string]any{"slot": slots[0], "weeks": 1})
		if r.status != 400 || !strings.Contains(r.field(t, "weeks"), "2 to 12") || r.field(t, "level_price") == "" {
			t.Fatalf("one week, no level: %d %s", r.status, r.body)
		}
		for _, weeks := range []any{13, "many", 0} {
			if r := s.bookWeekly(s.sara, body(weeks)); r.status != 400 || r.field(t, "weeks") == "" {
				t.Fatalf("weeks %v: %d %s", weeks, r.status, r.body)
			}
		}
		if r := s.do(req{method: "POST", path: "/api/slot/booking/recurring/", token: s.sara, lang: "fa", body: body(13)}); !strings.Contains(r.field(t, "weeks"), "از ۲ تا ۱۲ هفته") {
			t.Fatalf("weeks in Persian: %s", r.body)
		}
		// Who may not: nobody, a teacher.
		if r := s.bookWeekly("", body(2)); r.status != 401 {
			t.Fatalf("anonymous: %d", r.status)
		}
		if r := s.bookWeekly(s.teacher, body(2)); r.status != 403 {
			t.Fatalf("a teacher: %d", r.status)
		}
		// A slot that is not there; another teacher's level price.
		if r := s.bookWeekly(s.sara, map[string]any{"slot": 999_999, "weeks": 2, "level_price": s.level}); r.status != 404 {
			t.Fatalf("no such slot: %d %s", r.status, r.body)
		}

		// A week with no slot, and a week taken: 409 naming them; nothing moves.
		if r := s.bookWeekly(s.sara, body(5)); r.status != 409 {
			t.Fatalf("five weeks of four: %d %s", r.status, r.body)
		} else if got := fmt.Sprint(r.json(t)["missing_weeks"]); got != fmt.Sprintf("[map[start_time:%s week:5]]", week(5)) {
			t.Fatalf("missing_weeks %s", got)
		}
		taken := s.book(t, s.nima, slots[2])
		r = s.do(req{method: "POST", path: "/api/slot/booking/recurring/", token: s.sara, lang: "fa", body: body(4)})
		if r.status != 409 || !strings.Contains(fmt.Sprint(r.json(t)["detail"]), "هفتهٔ ۳") {
			t.Fatalf("week 3 taken: %d %s", r.status, r.body)
		}
		if got := fmt.Sprint(r.json(t)["missing_weeks"]); got != fmt.Sprintf("[map[start_time:%s week:3]]", week(3)) {
			t.Fatalf("missing_weeks %s", got)
		}
		if s.wallet(t, s.saraID) != 300_000 {
			t.Fatalf("a refused series paid %d", 300_000-s.wallet(t, s.saraID))
		}
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/", taken), token: s.nima}); r.status != 200 {
			t.Fatalf("nima cancels: %d %s", r.status, r.body)
		}

		// The wallet must hold the total: 4 × 250,000.
		r = s.bookWeekly(s.sara, body(4))
		if r.status != 402 || r.json(t)["missing_amount"] != float64(700_000) {
			t.Fatalf("short of the total: %d %s", r.status, r.body)
		}
		s.fund(t, s.saraID, 700_000)
		r = s.bookWeekly(s.sara, body("4"))
		if r.status != 201 {
			t.Fatalf("four weeks: %d %s", r.status, r.body)
		}
		var list []map[string]any
		r.decode(t, &list)
		if len(list) != 4 {
			t.Fatalf("%d bookings", len(list))
		}
		for k, b := range list {
			if b["start_time"] != week(k+1) || int64(b["slot"].(float64)) != slots[k] || b["price"] != float64(250_000) || b["trial"] != false {
				t.Fatalf("week %d: %v", k+1, b)
			}
		}
		if got := s.wallet(t, s.saraID); got != 0 {
			t.Fatalf("wallet %d, want the total paid", got)
		}
		// Booked weeks are taken for a second series.
		if r := s.bookWeekly(s.nima, map[string]any{"slot": slots[1], "weeks": 2, "level_price": s.level}); r.status != 409 {
			t.Fatalf("a booked series again: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestWeeklyPast: the first week must be ahead; a week's slot of another
// length is not the same lesson.
func TestWeeklyPast(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fund(t, s.saraID, 1_000_000)
		first := s.slot(t, "2026-11-23", "09:00", "10:00")
		s.slot(t, "2026-11-30", "09:00", "10:30")
		r := s.bookWeekly(s.sara, map[string]any{"slot": first, "weeks": 2, "level_price": s.level})
		if r.status != 409 || !strings.Contains(fmt.Sprint(r.json(t)["missing_weeks"]), "week:2") {
			t.Fatalf("a longer slot in week 2: %d %s", r.status, r.body)
		}
		a.clock.Add(time.Date(2026, 11, 23, 5, 30, 0, 0, time.UTC).Sub(a.clock.Now()))
		if r := s.bookWeekly(s.sara, map[string]any{"slot": first, "weeks": 2, "level_price": s.level}); r.status != 404 {
			t.Fatalf("a slot starting now: %d %s", r.status, r.body)
		}
		a.audit(t)
	})
}

// TestWeeklyRace: a weekly booking racing single bookings of its weeks never
// double-books, and each pays only for what it got.
func TestWeeklyRace(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.fundStudents(t, 10_000_000)
		for round := range 6 {
			from := fmt.Sprintf("%02d:00", 8+round)
			to := fmt.Sprintf("%02d:00", 9+round)
			slots := s.weeklySlots(t, 4, from, to)
			sara, nima := s.wallet(t, s.saraID), s.wallet(t, s.nimaID)
			var wg sync.WaitGroup
			var weekly resp
			singles := make([]resp, 2)
			wg.Go(func() {
				weekly = s.bookWeekly(s.sara, map[string]any{"slot": slots[0], "weeks": 4, "level_price": s.level})
			})
			for i := range singles {
				wg.Go(func() {
					singles[i] = s.do(req{method: "POST", path: "/api/slot/booking/", token: s.nima,
						body: map[string]any{"slot": slots[1+2*i], "level_price": s.level}})
				})
			}
			wg.Wait()
			got := 0
			for _, r := range singles {
				if r.status == 201 {
					got++
				} else if r.status != 409 {
					t.Fatalf("round %d: single %d %s", round, r.status, r.body)
				}
			}
			switch {
			case weekly.status == 201 && got == 0:
				if s.wallet(t, s.saraID) != sara-1_000_000 || s.wallet(t, s.nimaID) != nima {
					t.Fatalf("round %d: the series won but wallets %d %d", round, s.wallet(t, s.saraID), s.wallet(t, s.nimaID))
				}
			case weekly.status == 409 && got > 0:
				if s.wallet(t, s.saraID) != sara || s.wallet(t, s.nimaID) != nima-int64(got)*250_000 {
					t.Fatalf("round %d: singles won but wallets %d %d", round, s.wallet(t, s.saraID), s.wallet(t, s.nimaID))
				}
			default:
				t.Fatalf("round %d: weekly %d %s, singles %d of 2", round, weekly.status, weekly.body, got)
			}
			a.audit(t)
		}
	})
}

// TestWeeklySlots: a weekly lesson keeps its wall time in the teacher's zone
// across a daylight-saving change; in Tehran, with none, it is 7 days apart.
func TestWeeklySlots(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	first := time.Date(2026, 3, 23, 18, 0, 0, 0, berlin) // the clocks go forward on March 29
	got := zabano.WeeklySlots(zabano.Slot{Start: first, End: first.Add(time.Hour)}, 2, berlin)
	if h := got[1].Start.In(berlin).Hour(); h != 18 || got[1].Start.Sub(got[0].Start) != 7*24*time.Hour-time.Hour || got[1].End.Sub(got[1].Start) != time.Hour {
		t.Fatalf("across the change: %v", got)
	}
	tehran, _ := time.LoadLocation(zabano.DefaultTimeZone)
	got = zabano.WeeklySlots(zabano.Slot{Start: first, End: first.Add(time.Hour)}, 3, tehran)
	if got[2].Start.Sub(got[0].Start) != 14*24*time.Hour {
		t.Fatalf("in Tehran: %v", got)
	}
}
