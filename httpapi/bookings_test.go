package httpapi_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// school is an app with a priced teacher and two funded students.
type school struct {
	*app
	teacher, other, sara, nima string // tokens
	saraID, nimaID             int64
	level                      int64
}

func newSchool(t *testing.T, a *app) *school {
	s := &school{app: a}
	s.teacher = a.register("maryam", zabano.RoleTeacher, "09121000040")
	s.other = a.register("omid", zabano.RoleTeacher, "09121000041")
	s.sara = a.register("sara", zabano.RoleStudent, "09121000042")
	s.nima = a.register("nima", zabano.RoleStudent, "09121000043")
	r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: s.teacher, body: multipartOf(t, map[string]string{
		"timezone": "Asia/Tehran", "language_levels": `[{"language":"English","levels":["B1"],"regular_price":250000}]`,
	})})
	if r.status != 200 {
		t.Fatalf("teacher profile: %d %s", r.status, r.body)
	}
	s.level = int64(r.json(t)["level_prices"].([]any)[0].(map[string]any)["id"].(float64))
	s.saraID, s.nimaID = a.userID(t, "sara"), a.userID(t, "nima")
	for _, id := range []int64{s.saraID, s.nimaID} {
		if err := a.db.PostTransaction(t.Context(), zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(id), 300_000, "test")); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// slot opens a slot on the date at the Tehran times and returns its id.
func (s *school) slot(t *testing.T, date, from, to string) int64 {
	t.Helper()
	r := s.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]string{"date": date, "start_time": from, "end_time": to}})
	if r.status != 201 {
		t.Fatalf("slot: %d %s", r.status, r.body)
	}
	return int64(r.json(t)["id"].(float64))
}

func (s *school) wallet(t *testing.T, id int64) int64 {
	b, err := s.db.WalletBalance(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSlots(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		r := a.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: map[string]string{"date": "2026-11-22", "start_time": "09:00", "end_time": "10:00"}})
		var slot struct {
			ID        int64
			Start     time.Time
			Date      string
			StartTime string `json:"start_time"`
			Status    string
		}
		json.Unmarshal(r.body, &slot)
		if r.status != 201 || !slot.Start.Equal(time.Date(2026, 11, 22, 5, 30, 0, 0, time.UTC)) || slot.StartTime != "09:00" || slot.Status != "available" {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		for _, tc := range []struct {
			name   string
			body   map[string]string
			status int
			want   string
		}{
			{"exact duplicate", map[string]string{"date": "2026-11-22", "start_time": "09:00", "end_time": "10:00"}, 409, "You already have this exact time."},
			{"overlap", map[string]string{"date": "2026-11-22", "start_time": "09:30", "end_time": "10:30"}, 409, "This time overlaps another of your times."},
			{"end before start", map[string]string{"date": "2026-11-22", "start_time": "11:00", "end_time": "10:00"}, 400, "End time must be after start time"},
			{"past", map[string]string{"date": "2026-11-20", "start_time": "11:00", "end_time": "12:00"}, 400, "This time has already passed."},
			{"bad date", map[string]string{"date": "22/11/2026", "start_time": "11:00", "end_time": "12:00"}, 400, "Enter a date as YYYY-MM-DD."},
			{"bad time", map[string]string{"date": "2026-11-22", "start_time": "9am", "end_time": "12:00"}, 400, "Enter a time as HH:MM."},
			{"bad zone", map[string]string{"date": "2026-11-22", "start_time": "11:00", "end_time": "12:00", "timezone": "Mars/Base"}, 400, "Choose a valid time zone, for example Asia/Tehran."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := a.do(req{method: "POST", path: "/api/slot/available/", token: s.teacher, body: tc.body})
				if r.status != tc.status || r.json(t)["detail"] != tc.want {
					t.Fatalf("got %d %s, want %d %q", r.status, r.body, tc.status, tc.want)
				}
			})
		}
		if r := a.do(req{method: "POST", path: "/api/slot/available/", token: s.sara, body: map[string]string{}}); r.status != 403 {
			t.Fatalf("student opens a slot: %d", r.status)
		}

		t.Run("smart builder", func(t *testing.T) {
			plan := map[string]any{"weeks": 4, "days": []int{0, 3}, "start_time": "18:00", "end_time": "20:00", "duration": 60, "break": 0, "start_date": "2026-11-21"}
			r := a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, body: map[string]any{"plan": plan}})
			if r.status != 201 || r.json(t)["created"] != 16.0 || r.json(t)["skipped"] != 0.0 {
				t.Fatalf("builder: %d %s", r.status, r.body)
			}
			r = a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, body: map[string]any{"plan": plan}})
			if r.status != 201 || r.json(t)["created"] != 0.0 || r.json(t)["skipped"] != 16.0 {
				t.Fatalf("builder again: %d %s", r.status, r.body)
			}
			for _, tc := range []struct {
				change      map[string]any
				field, want string
			}{
				{map[string]any{"days": []int{}}, "days", "Please select at least one day"},
				{map[string]any{"start_time": ""}, "start_time", "Please fill all required fields"},
				{map[string]any{"end_time": "17:00"}, "end_time", "End time must be after start time"},
				{map[string]any{"weeks": 53}, "weeks", "Repeat for 1 to 52 weeks."},
				{map[string]any{"duration": 50}, "duration", "Choose a slot length of 15, 30, 45, 60, 90 or 120 minutes."},
			} {
				p := map[string]any{}
				for k, v := range plan {
					p[k] = v
				}
				for k, v := range tc.change {
					p[k] = v
				}
				r := a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, lang: "en", body: map[string]any{"plan": p}})
				if r.status != 400 || r.field(t, tc.field) != tc.want {
					t.Errorf("%v: %d %s", tc.change, r.status, r.body)
				}
			}
			r = a.do(req{method: "POST", path: "/api/slot/available/batch/", token: s.teacher, body: map[string]any{"slots": []map[string]string{
				{"date": "2026-11-23", "start_time": "08:00", "end_time": "08:30"},
				{"date": "2026-11-23", "start_time": "08:30", "end_time": "09:00"},
			}}})
			if r.status != 201 || r.json(t)["created"] != 2.0 {
				t.Fatalf("list: %d %s", r.status, r.body)
			}
		})

		r = a.do(req{method: "GET", path: "/api/slot/available", token: s.teacher})
		var own []map[string]any
		json.Unmarshal(r.body, &own)
		if r.status != 200 || len(own) != 19 {
			t.Fatalf("own slots: %d, %d slots", r.status, len(own))
		}
		if r := a.do(req{method: "GET", path: "/api/slot/available/", token: s.sara}); r.status != 403 {
			t.Fatalf("student reads own slots: %d", r.status)
		}
		tid := a.userID(t, "maryam")
		r = a.do(req{method: "GET", path: fmt.Sprintf("/api/slot/teacher/%d/?tz=Europe/Berlin", tid), token: s.sara})
		var free []map[string]any
		json.Unmarshal(r.body, &free)
		if r.status != 200 || len(free) != 19 || free[0]["start_time"] != "06:30" {
			t.Fatalf("free slots in Berlin time: %d %s", r.status, r.body)
		}
		r = a.do(req{method: "GET", path: "/api/teachers/list/?tz=UTC", token: s.sara})
		card := r.json(t)["results"].([]any)[0].(map[string]any)
		next, _ := card["next_slots"].([]any)
		if card["username"] != "maryam" || card["free_slots"] != 19.0 || card["available"] != true || len(next) != 3 ||
			next[0].(map[string]any)["start_time"] != "05:30" {
			t.Fatalf("teacher card: %v", card)
		}
		if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/slot/teacher/%d/?tz=Nowhere", tid), token: s.sara}); r.status != 400 {
			t.Fatalf("bad tz: %d", r.status)
		}

		del := fmt.Sprintf("/api/available-slot/%d/delete/", slot.ID)
		if r := a.do(req{method: "DELETE", path: del, token: s.other}); r.status != 404 {
			t.Fatalf("another teacher deletes: %d", r.status)
		}
		if r := a.do(req{method: "DELETE", path: del, token: s.sara}); r.status != 403 {
			t.Fatalf("a student deletes: %d", r.status)
		}
		if r := a.do(req{method: "DELETE", path: del, token: s.teacher}); r.status != 200 || string(r.body) != "true\n" {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
	})
}

func TestBookingAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		slot := s.slot(t, "2026-11-22", "09:00", "10:00")
		book := func(token string, body map[string]any) resp {
			return a.do(req{method: "POST", path: "/api/slot/booking/", token: token, body: body})
		}
		if r := book(s.sara, map[string]any{}); r.status != 400 || r.field(t, "slot") != "Please choose a time." || r.field(t, "level_price") != "Please choose level and price" {
			t.Fatalf("empty: %d %s", r.status, r.body)
		}
		if r := book(s.teacher, map[string]any{"slot": slot, "level_price": s.level}); r.status != 403 {
			t.Fatalf("teacher books: %d", r.status)
		}
		if r := book(s.sara, map[string]any{"slot": slot, "level_price": 99999}); r.status != 400 ||
			r.field(t, "level_price") != "Selected price level is not valid. Please refresh the page and try again." {
			t.Fatalf("foreign level: %d %s", r.status, r.body)
		}
		r := book(s.sara, map[string]any{"slot": fmt.Sprint(slot), "level_price": s.level, "notes": "IELTS speaking"})
		var b struct {
			ID          int64
			Status      string
			Price       int64
			MeetingLink string `json:"meeting_link"`
			LevelName   string `json:"level_name"`
			SlotDetail  struct {
				StartTime string `json:"start_time"`
			} `json:"slot_detail"`
		}
		json.Unmarshal(r.body, &b)
		if r.status != 201 || b.Status != "booked" || b.Price != 250_000 || b.LevelName != "B1" || b.SlotDetail.StartTime != "09:00" ||
			len(b.MeetingLink) < len("https://meet.jit.si/zabano-")+20 {
			t.Fatalf("book: %d %s", r.status, r.body)
		}
		if s.wallet(t, s.saraID) != 50_000 {
			t.Fatalf("wallet after booking: %d", s.wallet(t, s.saraID))
		}
		if r := book(s.nima, map[string]any{"slot": slot, "level_price": s.level}); r.status != 409 ||
			r.json(t)["detail"] != "This time was just booked by someone else. Please choose another time." {
			t.Fatalf("taken: %d %s", r.status, r.body)
		}
		second := s.slot(t, "2026-11-22", "11:00", "12:00")
		if r := book(s.sara, map[string]any{"slot": second, "level_price": s.level}); r.status != 402 || r.json(t)["missing_amount"] != 200_000.0 {
			t.Fatalf("not enough: %d %s", r.status, r.body)
		}

		put := func(path, token string, body any) resp {
			return a.do(req{method: "PUT", path: path, token: token, body: body})
		}
		cancel := fmt.Sprintf("/api/slot/cancel/%d/", b.ID)
		approve := fmt.Sprintf("/api/slot/cancel/approve/?id=%d", b.ID)
		if r := put(cancel, s.nima, nil); r.status != 404 {
			t.Fatalf("another student cancels: %d", r.status)
		}
		if r := put(cancel, s.teacher, nil); r.status != 403 {
			t.Fatalf("teacher requests cancellation: %d", r.status)
		}
		if r := put(approve, s.teacher, map[string]bool{"approve": true}); r.status != 409 {
			t.Fatalf("approve before a request: %d %s", r.status, r.body)
		}
		if r := put(cancel, s.sara, nil); r.status != 200 || r.json(t)["status"] != "cancel_pending" || r.json(t)["cancellation_pending"] != true || r.json(t)["requested_at"] == nil {
			t.Fatalf("request: %d %s", r.status, r.body)
		}
		if r := put(approve, s.teacher, map[string]any{}); r.status != 400 || r.field(t, "approve") == "" {
			t.Fatalf("approve missing: %d %s", r.status, r.body)
		}
		if r := put(approve, s.other, map[string]bool{"approve": true}); r.status != 404 {
			t.Fatalf("another teacher approves: %d", r.status)
		}
		if r := put(approve, s.sara, map[string]bool{"approve": true}); r.status != 403 {
			t.Fatalf("student approves: %d", r.status)
		}
		if r := put(approve, s.teacher, map[string]bool{"approve": false}); r.status != 200 || r.json(t)["status"] != "booked" {
			t.Fatalf("reject: %d %s", r.status, r.body)
		}
		put(cancel, s.sara, nil)
		if r := put(approve, s.teacher, map[string]bool{"approve": true}); r.status != 200 || r.json(t)["status"] != "approved_cancel" || r.json(t)["meeting_link"] != "" {
			t.Fatalf("approve: %d %s", r.status, r.body)
		}
		if s.wallet(t, s.saraID) != 300_000 {
			t.Fatalf("refund: wallet %d", s.wallet(t, s.saraID))
		}

		// Nima books the freed slot; the teacher cancels it; then a class is done.
		r = book(s.nima, map[string]any{"slot": slot, "level_price": s.level})
		nb := int64(r.json(t)["id"].(float64))
		if r := put(fmt.Sprintf("/api/slot/teacher-cancel/%d/", nb), s.other, nil); r.status != 404 {
			t.Fatalf("another teacher cancels: %d", r.status)
		}
		if r := put(fmt.Sprintf("/api/slot/teacher-cancel/%d/", nb), s.teacher, nil); r.status != 200 || r.json(t)["cancelled_by"] != "teacher" || r.json(t)["slot"] != nil {
			t.Fatalf("teacher cancel: %d %s", r.status, r.body)
		}
		r = book(s.sara, map[string]any{"slot": second, "level_price": s.level})
		done := fmt.Sprintf("/api/slot/done/%d/", int64(r.json(t)["id"].(float64)))
		if r := put(done, s.sara, nil); r.status != 400 || r.json(t)["detail"] != "A class can be marked done only after it ends." {
			t.Fatalf("done early: %d %s", r.status, r.body)
		}
		a.clock.Add(26 * time.Hour)
		if r := put(done, s.nima, nil); r.status != 404 {
			t.Fatalf("a stranger marks done: %d", r.status)
		}
		if r := put(done, s.teacher, nil); r.status != 200 || r.json(t)["status"] != "done" {
			t.Fatalf("done: %d %s", r.status, r.body)
		}
		if r := put(done, s.sara, nil); r.status != 409 {
			t.Fatalf("done twice: %d", r.status)
		}
		if got := s.wallet(t, a.userID(t, "maryam")); got != 250_000 {
			t.Fatalf("teacher paid %d", got)
		}
		if r := a.do(req{method: "GET", path: "/api/teacher/profile/", token: s.teacher}); r.json(t)["wallet_balance"] != 250000.0 ||
			r.json(t)["classes_held"] != 1.0 || r.json(t)["total_earnings"] != 250000.0 {
			t.Fatalf("teacher profile's wallet: %s", r.body)
		}

		var list []map[string]any
		r = a.do(req{method: "GET", path: "/api/slot/lists/student/?tz=UTC", token: s.sara})
		json.Unmarshal(r.body, &list)
		if r.status != 200 || len(list) != 2 || list[0]["slot_detail"].(map[string]any)["start_time"] != "05:30" {
			t.Fatalf("student list: %d %s", r.status, r.body)
		}
		r = a.do(req{method: "GET", path: "/api/slot/lists/teacher/", token: s.teacher})
		json.Unmarshal(r.body, &list)
		if r.status != 200 || len(list) != 3 {
			t.Fatalf("teacher list: %d %s", r.status, r.body)
		}
		r = a.do(req{method: "GET", path: "/api/students/list/", token: s.teacher})
		json.Unmarshal(r.body, &list)
		if r.status != 200 || len(list) != 2 || list[0]["user"].(map[string]any)["username"] != "nima" {
			t.Fatalf("teacher's students: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: "/api/students/list/", token: s.other}); r.status != 200 || string(r.body) != "[]\n" {
			t.Fatalf("another teacher's students: %d %s", r.status, r.body)
		}
		for _, c := range []struct{ path, token string }{{"/api/slot/lists/student/", s.teacher}, {"/api/slot/lists/teacher/", s.sara}, {"/api/students/list/", s.sara}} {
			if r := a.do(req{method: "GET", path: c.path, token: c.token}); r.status != 403 {
				t.Errorf("%s with the wrong role: %d", c.path, r.status)
			}
		}
		if r := a.do(req{method: "GET", path: "/api/slot/lists/student/"}); r.status != 401 {
			t.Fatalf("anonymous: %d", r.status)
		}
	})
}

// TestCancelRequestBeforeStart: a student may ask to cancel only before the
// class starts; after that the class is the teacher's to be paid for.
func TestCancelRequestBeforeStart(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		// 09:00 Tehran on 2026-11-22 is 05:30 UTC, 20.5 hours after the clock's start.
		slot := s.slot(t, "2026-11-22", "09:00", "10:00")
		classStart := time.Date(2026, 11, 22, 5, 30, 0, 0, time.UTC)
		r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}})
		if r.status != 201 {
			t.Fatalf("book: %d %s", r.status, r.body)
		}
		id := int64(r.json(t)["id"].(float64))
		cancel := fmt.Sprintf("/api/slot/cancel/%d/", id)
		a.clock.Add(classStart.Sub(a.clock.Now()) - time.Second)
		if r := a.do(req{method: "PUT", path: cancel, token: s.sara}); r.status != 200 || r.json(t)["status"] != "cancel_pending" {
			t.Fatalf("a second before the start: %d %s", r.status, r.body)
		}
		r = a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/approve/?id=%d", id), token: s.teacher, body: map[string]bool{"approve": false}})
		if r.status != 200 || r.json(t)["status"] != "booked" {
			t.Fatalf("reject: %d %s", r.status, r.body)
		}
		const en = "A class can be cancelled only before it starts."
		const fa = "کلاس را فقط پیش از شروعش می‌توان لغو کرد."
		for _, c := range []struct {
			name string
			move time.Duration
		}{{"at the start", time.Second}, {"after the end", time.Hour + time.Minute}} {
			a.clock.Add(c.move)
			if r := a.do(req{method: "PUT", path: cancel, token: s.sara}); r.status != 409 || r.json(t)["detail"] != en {
				t.Fatalf("%s: %d %s", c.name, r.status, r.body)
			}
			if r := a.do(req{method: "PUT", path: cancel, token: s.sara, lang: "fa"}); r.status != 409 || r.json(t)["detail"] != fa {
				t.Fatalf("%s in Persian: %d %s", c.name, r.status, r.body)
			}
		}
		var list []map[string]any
		json.Unmarshal(a.do(req{method: "GET", path: "/api/slot/lists/student/", token: s.sara}).body, &list)
		if len(list) != 1 || list[0]["status"] != "booked" {
			t.Fatalf("the class after refused requests: %v", list)
		}
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/done/%d/", id), token: s.teacher}); r.status != 200 {
			t.Fatalf("the teacher is paid after the end: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "PUT", path: cancel, token: s.nima}); r.status != 404 {
			t.Fatalf("another student, after the start: %d", r.status)
		}
	})
}

// TestRepricedLevel: a booking charges the price the student chose. A
// repriced level gets a new id; booking the old one answers 409 with the
// current price and moves no money.
func TestRepricedLevel(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		first, second := s.slot(t, "2026-11-22", "09:00", "10:00"), s.slot(t, "2026-11-22", "11:00", "12:00")
		book := func(token string, slot, level int64, lang string) resp {
			return a.do(req{method: "POST", path: "/api/slot/booking/", token: token, lang: lang, body: map[string]any{"slot": slot, "level_price": level}})
		}
		price := func(levels string) resp {
			r := a.do(req{method: "POST", path: "/api/teacher/profile/", token: s.teacher, body: multipartOf(t, map[string]string{"language_levels": levels})})
			if r.status != 200 {
				t.Fatalf("price %s: %d %s", levels, r.status, r.body)
			}
			return r
		}
		levelOf := func(r resp) map[string]any { return r.json(t)["level_prices"].([]any)[0].(map[string]any) }
		r := book(s.nima, first, s.level, "")
		if r.status != 201 {
			t.Fatalf("book at the first price: %d %s", r.status, r.body)
		}
		early := int64(r.json(t)["id"].(float64))

		// The same prices saved again keep their id.
		if id := int64(levelOf(price(`[{"language":"English","levels":["B1"],"regular_price":250000}]`))["id"].(float64)); id != s.level {
			t.Fatalf("unchanged prices got a new id %d, want %d", id, s.level)
		}
		repriced := levelOf(price(`[{"language":"English","levels":["B1"],"regular_price":280000}]`))
		newLevel := int64(repriced["id"].(float64))
		if newLevel == s.level || repriced["price"] != 280000.0 {
			t.Fatalf("repriced level: %v", repriced)
		}
		r = book(s.sara, second, s.level, "")
		current, _ := r.json(t)["current_level_price"].(map[string]any)
		if r.status != 409 || r.json(t)["detail"] != "The teacher has changed the price of this level to 280000 Toman. Please check it and book again." ||
			current["id"] != float64(newLevel) || current["price"] != 280000.0 || current["level_name"] != "B1" {
			t.Fatalf("book at the old price: %d %s", r.status, r.body)
		}
		if r := book(s.sara, second, s.level, "fa"); r.status != 409 || r.json(t)["detail"] != "استاد قیمت این سطح را به ۲۸۰۰۰۰ تومان تغییر داده است. لطفاً آن را ببینید و دوباره رزرو کنید." {
			t.Fatalf("in Persian: %d %s", r.status, r.body)
		}
		if got := s.wallet(t, s.saraID); got != 300_000 {
			t.Fatalf("a refused booking moved money: wallet %d", got)
		}
		if r := book(s.sara, second, newLevel, ""); r.status != 201 || r.json(t)["price"] != 280000.0 || s.wallet(t, s.saraID) != 20_000 {
			t.Fatalf("book at the new price: %d %s, wallet %d", r.status, r.body, s.wallet(t, s.saraID))
		}
		var list []map[string]any
		json.Unmarshal(a.do(req{method: "GET", path: "/api/slot/lists/student/", token: s.nima}).body, &list)
		if len(list) != 1 || list[0]["id"] != float64(early) || list[0]["price"] != 250000.0 || list[0]["level_price"] != float64(s.level) || list[0]["level_name"] != "B1" {
			t.Fatalf("the earlier booking changed: %v", list)
		}

		// Back at the first price, the first id is offered again: an id is one price for good.
		if id := int64(levelOf(price(`[{"language":"English","levels":["B1"],"regular_price":250000}]`))["id"].(float64)); id != s.level {
			t.Fatalf("the first price came back with id %d, want %d", id, s.level)
		}
		third := s.slot(t, "2026-11-22", "13:00", "14:00")
		if r := book(s.nima, third, newLevel, ""); r.status != 409 || r.json(t)["current_level_price"].(map[string]any)["id"] != float64(s.level) {
			t.Fatalf("book at the withdrawn 280,000: %d %s", r.status, r.body)
		}
		// A level no longer offered at all is a choice to make again.
		price(`[{"language":"English","levels":["B2"],"regular_price":250000}]`)
		r = book(s.nima, third, s.level, "")
		if _, ok := r.json(t)["current_level_price"]; r.status != 400 || ok || r.field(t, "level_price") != "The teacher no longer offers this level. Please choose another." {
			t.Fatalf("book a level no longer offered: %d %s", r.status, r.body)
		}
		if got := s.wallet(t, s.nimaID); got != 50_000 {
			t.Fatalf("nima's wallet: %d", got)
		}
	})
}

// A time zone that does not exist is refused before anything changes: the
// class is not booked, nor cancelled, nor its wallet charged.
func TestBadZoneChangesNothing(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		slot := s.slot(t, "2026-11-23", "09:00", "10:00")
		r := s.do(req{method: "POST", path: "/api/slot/booking/?tz=Mars/Olympus", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}})
		if r.status != 400 || s.wallet(t, s.saraID) != 300_000 {
			t.Fatalf("booking in a bad zone: %d %s, wallet %d", r.status, r.body, s.wallet(t, s.saraID))
		}
		r = s.do(req{method: "POST", path: "/api/slot/booking/recurring/?tz=Mars/Olympus", token: s.sara, body: map[string]any{"slot": slot, "weeks": 2, "level_price": s.level}})
		if r.status != 400 || s.wallet(t, s.saraID) != 300_000 {
			t.Fatalf("weekly booking in a bad zone: %d %s, wallet %d", r.status, r.body, s.wallet(t, s.saraID))
		}
		id := s.book(t, s.sara, slot)
		r = s.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/cancel/%d/?tz=Mars/Olympus", id), token: s.sara})
		if r.status != 400 || s.class(t, s.sara, id)["status"] != "booked" {
			t.Fatalf("cancelling in a bad zone: %d %s, class %v", r.status, r.body, s.class(t, s.sara, id)["status"])
		}
	})
}
