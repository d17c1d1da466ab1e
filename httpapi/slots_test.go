package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestSlotLength: a slot lasts 15 minutes to 4 hours.
func TestSlotLength(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		from := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
		open := func(length time.Duration, lang string) resp {
			from = from.Add(5 * time.Hour) // clear of the slots before
			return a.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, lang: lang,
				body: map[string]time.Time{"start": from, "end": from.Add(length)}})
		}
		for _, c := range []struct {
			length time.Duration
			status int
			detail string
		}{
			{time.Millisecond, 400, "A slot is at least 15 minutes."},
			{14 * time.Minute, 400, "A slot is at least 15 minutes."},
			{15 * time.Minute, 201, ""},
			{4 * time.Hour, 201, ""},
			{4*time.Hour + time.Minute, 400, "A slot is at most 4 hours."},
		} {
			if r := open(c.length, ""); r.status != c.status || c.detail != "" && r.field(t, "end_time") != c.detail {
				t.Errorf("%v: %d %s", c.length, r.status, r.body)
			}
		}
		if r := open(time.Millisecond, "fa"); r.status != 400 || r.field(t, "end_time") != "هر زمان دست‌کم ۱۵ دقیقه است." {
			t.Errorf("in Persian: %d %s", r.status, r.body)
		}
		start := from.Add(5 * time.Hour)
		r := a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, body: map[string]any{"slots": []map[string]time.Time{
			{"start": start, "end": start.Add(time.Hour)},
			{"start": start.Add(2 * time.Hour), "end": start.Add(2*time.Hour + time.Millisecond)},
		}}})
		if r.status != 400 || r.field(t, "end_time") != "A slot is at least 15 minutes." {
			t.Fatalf("a batch with a 1 ms slot: %d %s", r.status, r.body)
		}
	})
}

// TestFreeSlotsCapAPI: a teacher's free future slots are capped; a batch past
// the cap is refused whole. A year of Smart Builder plans of 16 slots a day
// fits the default cap; the builder's fullest plan does not.
func TestFreeSlotsCapAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		a := newApp(t, db, func(s *httpapi.Server) { s.Bookings.MaxFreeSlots = 20 })
		s := newSchool(t, a)
		build := func(plan map[string]any, lang string) resp {
			p := map[string]any{"weeks": 4, "days": []int{0, 3}, "start_time": "18:00", "end_time": "20:00", "duration": 60, "break": 0, "start_date": "2026-11-22"}
			for k, v := range plan {
				p[k] = v
			}
			return a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, lang: lang, body: map[string]any{"plan": p}})
		}
		if r := build(map[string]any{"end_time": "21:00"}, ""); r.status != 400 ||
			r.field(t, "slots") != "Too many times in one request (at most 20): repeat for fewer weeks or days, or choose longer slots." {
			t.Fatalf("24 slots in one plan: %d %s", r.status, r.body)
		}
		if r := build(nil, ""); r.status != 201 || r.json(t)["created"] != 16.0 {
			t.Fatalf("16 slots: %d %s", r.status, r.body)
		}
		if r := build(map[string]any{"start_time": "08:00", "end_time": "09:00"}, ""); r.status != 409 ||
			r.json(t)["detail"] != "You can have at most 20 free times ahead; you have 16, and this would add 8. Delete some, or add fewer." {
			t.Fatalf("8 more: %d %s", r.status, r.body)
		}
		if r := build(map[string]any{"start_time": "08:00", "end_time": "09:00"}, "fa"); r.status != 409 ||
			r.json(t)["detail"] != "حداکثر ۲۰ زمان آزاد پیش رو می‌توانید داشته باشید؛ اکنون ۱۶ زمان دارید و این درخواست ۸ زمان دیگر می‌افزاید. چند زمان را حذف کنید یا زمان کمتری بیفزایید." {
			t.Fatalf("8 more in Persian: %d %s", r.status, r.body)
		}
		if r := build(map[string]any{"weeks": 2, "start_time": "08:00", "end_time": "09:00"}, ""); r.status != 201 || r.json(t)["created"] != 4.0 {
			t.Fatalf("4 more: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]string{"date": "2026-11-24", "start_time": "09:00", "end_time": "10:00"}}); r.status != 409 {
			t.Fatalf("one over the cap: %d %s", r.status, r.body)
		}
	})
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		days := []int{0, 1, 2, 3, 4, 5, 6}
		plan := map[string]any{"weeks": 52, "days": days, "start_time": "00:00", "end_time": "23:59", "duration": 15, "break": 0, "start_date": "2026-11-22"}
		if r := a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, body: map[string]any{"plan": plan}}); r.status != 400 || r.field(t, "slots") == "" {
			t.Fatalf("the builder's fullest plan: %d %s", r.status, r.body)
		}
		plan = map[string]any{"weeks": 52, "days": days, "start_time": "07:00", "end_time": "23:00", "duration": 60, "break": 0, "start_date": "2026-11-22"}
		if r := a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, body: map[string]any{"plan": plan}}); r.status != 201 || r.json(t)["created"] != 5824.0 {
			t.Fatalf("a year of 16 slots a day: %d %s", r.status, r.body)
		}
	})
}

// TestSlotWindow: slot lists answer a window of at most 10 weeks, by default
// the calendar's.
func TestSlotWindow(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		// 12 weekly Sunday slots from 2026-11-22, 09:00 Tehran (05:30 UTC).
		plan := map[string]any{"weeks": 12, "days": []int{0}, "start_time": "09:00", "end_time": "10:00", "duration": 60, "break": 0, "start_date": "2026-11-22"}
		if r := a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, body: map[string]any{"plan": plan}}); r.status != 201 {
			t.Fatalf("plan: %d %s", r.status, r.body)
		}
		public := fmt.Sprintf("/api/slot/teacher/%d/", a.userID(t, "maryam"))
		list := func(path, token string, q url.Values) []map[string]any {
			t.Helper()
			r := a.do(req{method: "GET", path: path + "?" + q.Encode(), token: token})
			var out []map[string]any
			if err := json.Unmarshal(r.body, &out); r.status != 200 || err != nil {
				t.Fatalf("%s?%s: %d %s", path, q.Encode(), r.status, r.body)
			}
			return out
		}
		// By default the next 9 weeks (from 2026-11-21 09:00 UTC to 2027-01-23).
		if got := list(public, s.sara, nil); len(got) != 9 || got[0]["start"] != "2026-11-22T05:30:00Z" {
			t.Fatalf("default window: %d slots", len(got))
		}
		if got := list("/api/slot/available", s.teacher, nil); len(got) != 9 {
			t.Fatalf("own default window: %d slots", len(got))
		}
		q := url.Values{"from": {"2026-12-20T00:00:00Z"}, "to": {"2027-02-28T00:00:00Z"}}
		if got := list(public, s.sara, q); len(got) != 8 || got[0]["start"] != "2026-12-20T05:30:00Z" {
			t.Fatalf("a chosen window: %d slots", len(got))
		}
		if got := list("/api/slot/available/", s.teacher, q); len(got) != 8 {
			t.Fatalf("own chosen window: %d slots", len(got))
		}
		// Only from: the default length from there.
		if got := list(public, s.sara, url.Values{"from": {"2027-01-31T00:00:00Z"}}); len(got) != 2 {
			t.Fatalf("from alone: %d slots", len(got))
		}
		// The public list never answers the past.
		if got := list(public, s.sara, url.Values{"from": {"2026-11-01T00:00:00Z"}, "to": {"2026-11-23T00:00:00Z"}}); len(got) != 1 {
			t.Fatalf("a window from the past: %d slots", len(got))
		}
		for _, c := range []struct {
			q           url.Values
			field, want string
			fa          string
		}{
			{url.Values{"from": {"2026-11-22T00:00:00Z"}, "to": {"2027-01-31T00:00:01Z"}}, "to", "A range is at most 10 weeks.", "هر بازه حداکثر ۱۰ هفته است."},
			{url.Values{"from": {"2026-11-22"}}, "from", "Enter a date and time as in 2026-11-21T09:00:00Z.", "تاریخ و زمان را به شکل 2026-11-21T09:00:00Z وارد کنید."},
			{url.Values{"to": {"soon"}}, "to", "Enter a date and time as in 2026-11-21T09:00:00Z.", "تاریخ و زمان را به شکل 2026-11-21T09:00:00Z وارد کنید."},
			{url.Values{"from": {"2026-12-01T00:00:00Z"}, "to": {"2026-12-01T00:00:00Z"}}, "to", "The end of the range must be after its start.", "پایان بازه باید پس از آغاز آن باشد."},
		} {
			for _, path := range []string{public, "/api/slot/available/"} {
				token := s.sara
				if path != public {
					token = s.teacher
				}
				r := a.do(req{method: "GET", path: path + "?" + c.q.Encode(), token: token})
				if r.status != 400 || r.field(t, c.field) != c.want {
					t.Errorf("%s?%s: %d %s", path, c.q.Encode(), r.status, r.body)
				}
				r = a.do(req{method: "GET", path: path + "?" + c.q.Encode(), token: token, lang: "fa"})
				if r.status != 400 || r.field(t, c.field) != c.fa {
					t.Errorf("%s?%s in Persian: %d %s", path, c.q.Encode(), r.status, r.body)
				}
			}
		}
	})
}
