package httpapi_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-ical"

	"github.com/zabano/zabano"
)

// parseICS parses an iCalendar answer with a library other than the one that
// wrote it, and returns its events by UID.
func parseICS(t *testing.T, r resp) map[string]ical.Event {
	t.Helper()
	if r.status != 200 || r.header.Get("Content-Type") != "text/calendar; charset=utf-8" {
		t.Fatalf("calendar: %d %s %s", r.status, r.header.Get("Content-Type"), r.body)
	}
	if !bytes.HasSuffix(r.body, []byte("END:VCALENDAR\r\n")) {
		t.Fatalf("lines do not end in CRLF: %q", r.body[max(0, len(r.body)-40):])
	}
	for line := range strings.SplitSeq(string(r.body), "\r\n") {
		if len(line) > 75 {
			t.Errorf("a line of %d octets, over 75: %q", len(line), line)
		}
	}
	cal, err := ical.NewDecoder(bytes.NewReader(r.body)).Decode()
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, r.body)
	}
	if v, _ := cal.Props.Text(ical.PropVersion); v != "2.0" {
		t.Fatalf("VERSION %q", v)
	}
	out := map[string]ical.Event{}
	for _, e := range cal.Events() {
		uid, err := e.Props.Text(ical.PropUID)
		if err != nil || uid == "" {
			t.Fatalf("an event without a UID: %v", err)
		}
		if _, dup := out[uid]; dup {
			t.Fatalf("two events %s", uid)
		}
		out[uid] = e
	}
	return out
}

// propText is the text of an event's property, unescaped, "" when it has none.
func propText(t *testing.T, e ical.Event, name string) string {
	t.Helper()
	p := e.Props.Get(name)
	if p == nil {
		return ""
	}
	if p.ValueType() != ical.ValueText {
		return p.Value
	}
	v, err := p.Text()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// wallClock is an event's start and end as read on a wall clock in zone.
func wallClock(t *testing.T, e ical.Event, zone string) string {
	t.Helper()
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	start, err1 := e.DateTimeStart(nil)
	end, err2 := e.DateTimeEnd(nil)
	if err1 != nil || err2 != nil {
		t.Fatalf("times: %v %v", err1, err2)
	}
	return start.In(loc).Format("2006-01-02 15:04") + "-" + end.In(loc).Format("15:04")
}

// TestCalendarFeed: each member's secret address serves their classes to a
// calendar app without a token, at instants right in any zone, a teacher's
// in Tehran (no daylight saving) and a student's in Berlin across the change
// to summer time on 28 March 2027; cancelled and moved classes update in
// place; a reset address stops working.
func TestCalendarFeed(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		if err := a.db.PostTransaction(t.Context(), zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(s.saraID), 1_000_000, "test")); err != nil {
			t.Fatal(err)
		}
		book := func(slot int64) int64 {
			t.Helper()
			r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}})
			if r.status != 201 {
				t.Fatalf("book: %d %s", r.status, r.body)
			}
			return int64(r.json(t)["id"].(float64))
		}
		// The teacher's classes at 18:00 in Tehran, the Saturday before
		// Berlin's clocks go forward and the Monday after.
		before := book(s.slot(t, "2027-03-27", "18:00", "19:00"))
		after := book(s.slot(t, "2027-03-29", "18:00", "19:00"))
		cancelled := book(s.slot(t, "2027-03-30", "18:00", "19:00"))
		moved := book(s.slot(t, "2027-03-31", "18:00", "19:00"))
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/teacher-cancel/%d/", cancelled), token: s.teacher}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		a.clock.Add(time.Hour)
		r := a.do(req{method: "POST", path: fmt.Sprintf("/api/slot/%d/reschedule/", moved), token: s.teacher,
			body: map[string]any{"slot": s.slot(t, "2027-04-01", "19:30", "20:30")}})
		if r.status != 201 {
			t.Fatalf("propose: %d %s", r.status, r.body)
		}
		a.clock.Add(time.Hour)
		movedAt := a.clock.Now()
		if r := a.do(req{method: "PUT", path: fmt.Sprintf("/api/slot/reschedule/%d/", int64(r.json(t)["id"].(float64))), token: s.sara,
			body: map[string]bool{"accept": true}}); r.status != 200 {
			t.Fatalf("accept: %d %s", r.status, r.body)
		}
		var classes []struct {
			ID          int64  `json:"id"`
			MeetingLink string `json:"meeting_link"`
		}
		if r := a.do(req{method: "GET", path: "/api/slot/lists/student/", token: s.sara}); r.status != 200 {
			t.Fatalf("classes: %d", r.status)
		} else {
			r.decode(t, &classes)
		}
		link := map[int64]string{}
		for _, c := range classes {
			link[c.ID] = c.MeetingLink
		}

		address := func(token string) string {
			t.Helper()
			r := a.do(req{method: "GET", path: "/api/calendar/", token: token})
			url, _ := r.json(t)["url"].(string)
			if r.status != 200 || !strings.HasPrefix(url, "https://zabano.test/api/calendar/") || !strings.HasSuffix(url, ".ics") {
				t.Fatalf("address: %d %s", r.status, r.body)
			}
			return strings.TrimPrefix(url, "https://zabano.test")
		}
		saraFeed, teacherFeed := address(s.sara), address(s.teacher)
		if saraFeed == teacherFeed || address(s.sara) != saraFeed {
			t.Fatalf("addresses: sara %s (then %s), teacher %s", saraFeed, address(s.sara), teacherFeed)
		}
		uid := func(id int64) string { return fmt.Sprintf("zabano-class-%d@zabano.test", id) }

		feed := a.do(req{method: "GET", path: saraFeed}) // no token: the address is the key
		if !strings.Contains(string(feed.body), fmt.Sprintf("DTSTART:20270327T143000Z\r\n")) {
			t.Errorf("the start is not written in UTC:\n%s", feed.body)
		}
		events := parseICS(t, feed)
		if len(events) != 4 {
			t.Fatalf("sara's feed has %d events, want 4", len(events))
		}
		for _, tc := range []struct {
			id                      int64
			tehran, berlin          string
			status                  string
			sequence                int
			modified                time.Time
			url, location, describe string
		}{
			{before, "2027-03-27 18:00-19:00", "2027-03-27 15:30-16:30", "CONFIRMED", 0, start, link[before], link[before], link[before]},
			{after, "2027-03-29 18:00-19:00", "2027-03-29 16:30-17:30", "CONFIRMED", 0, start, link[after], link[after], link[after]},
			{cancelled, "2027-03-30 18:00-19:00", "2027-03-30 16:30-17:30", "CANCELLED", 1, start, "", "", "این کلاس لغو شد."},
			{moved, "2027-04-01 19:30-20:30", "2027-04-01 18:00-19:00", "CONFIRMED", 1, movedAt, link[moved], link[moved], link[moved]},
		} {
			e, ok := events[uid(tc.id)]
			if !ok {
				t.Fatalf("no event %s in %v", uid(tc.id), events)
			}
			if got := wallClock(t, e, "Asia/Tehran"); got != tc.tehran {
				t.Errorf("class %d in Tehran: %s, want %s", tc.id, got, tc.tehran)
			}
			if got := wallClock(t, e, "Europe/Berlin"); got != tc.berlin {
				t.Errorf("class %d in Berlin: %s, want %s", tc.id, got, tc.berlin)
			}
			if status, err := e.Status(); err != nil || string(status) != tc.status {
				t.Errorf("class %d status %q %v, want %s", tc.id, status, err, tc.status)
			}
			if got, err := e.Props.Get(ical.PropSequence).Int(); err != nil || got != tc.sequence {
				t.Errorf("class %d SEQUENCE %d %v, want %d", tc.id, got, err, tc.sequence)
			}
			if got, err := e.Props.DateTime(ical.PropLastModified, nil); err != nil || !got.Equal(tc.modified) {
				t.Errorf("class %d LAST-MODIFIED %v %v, want %v", tc.id, got, err, tc.modified)
			}
			if got, err := e.Props.DateTime(ical.PropDateTimeStamp, nil); err != nil || !got.Equal(a.clock.Now()) {
				t.Errorf("class %d DTSTAMP %v %v", tc.id, got, err)
			}
			if got := propText(t, e, ical.PropURL); got != tc.url {
				t.Errorf("class %d URL %q, want %q", tc.id, got, tc.url)
			}
			if got := propText(t, e, ical.PropLocation); got != tc.location {
				t.Errorf("class %d LOCATION %q, want %q", tc.id, got, tc.location)
			}
			if got := propText(t, e, ical.PropDescription); !strings.Contains(got, tc.describe) {
				t.Errorf("class %d DESCRIPTION %q, want it to hold %q", tc.id, got, tc.describe)
			}
			// The feed has no request language: its texts are in the one of
			// her preferences, Persian by default.
			if got, want := propText(t, e, ical.PropSummary), "کلاس زبانو: انگلیسی B1 با maryam"; got != want {
				t.Errorf("class %d SUMMARY %q, want %q", tc.id, got, want)
			}
		}

		// The teacher's feed, in the English he chose, has the same classes
		// at the same instants, named by the student.
		if r := a.do(req{method: "PUT", path: "/api/notifications/preferences/", token: s.teacher, body: map[string]string{"language": "en"}}); r.status != 200 {
			t.Fatalf("the teacher's language: %d %s", r.status, r.body)
		}
		teacherEvents := parseICS(t, a.do(req{method: "GET", path: teacherFeed}))
		for _, id := range []int64{before, after, cancelled, moved} {
			e := teacherEvents[uid(id)]
			if wallClock(t, e, "UTC") != wallClock(t, events[uid(id)], "UTC") || !strings.Contains(propText(t, e, ical.PropSummary), "with sara") {
				t.Errorf("the teacher's class %d: %s %q", id, wallClock(t, e, "UTC"), propText(t, e, ical.PropSummary))
			}
		}
		if len(teacherEvents) != 4 {
			t.Errorf("the teacher's feed has %d events", len(teacherEvents))
		}

		// One class as a file, in the request's language, the feed's UID.
		one := a.do(req{method: "GET", path: fmt.Sprintf("/api/slot/calendar/%d/", after), token: s.sara, lang: "fa"})
		if got, want := one.header.Get("Content-Disposition"), fmt.Sprintf(`attachment; filename="zabano-class-%d.ics"`, after); got != want {
			t.Errorf("Content-Disposition %q, want %q", got, want)
		}
		file := parseICS(t, one)
		e, ok := file[uid(after)]
		if len(file) != 1 || !ok || wallClock(t, e, "Europe/Berlin") != "2027-03-29 16:30-17:30" ||
			propText(t, e, ical.PropSummary) != "کلاس زبانو: انگلیسی B1 با maryam" || propText(t, e, ical.PropURL) != link[after] {
			t.Fatalf("one class: %s", one.body)
		}
		if e := parseICS(t, a.do(req{method: "GET", path: fmt.Sprintf("/api/slot/calendar/%d/", after), token: s.teacher}))[uid(after)]; propText(t, e, ical.PropSummary) != "Zabano class: English B1 with sara" {
			t.Errorf("the teacher's file: %q", propText(t, e, ical.PropSummary))
		}
		for _, tc := range []struct {
			token string
			want  int
		}{{"", 401}, {s.nima, 404}, {s.other, 404}} {
			if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/slot/calendar/%d/", after), token: tc.token}); r.status != tc.want {
				t.Errorf("another's class as a file: %d %s, want %d", r.status, r.body, tc.want)
			}
		}
		if r := a.do(req{method: "GET", path: "/api/slot/calendar/999999/", token: s.sara}); r.status != 404 {
			t.Errorf("no such class: %d", r.status)
		}

		// A reset address replaces the old, which is then not found.
		r = a.do(req{method: "POST", path: "/api/calendar/reset/", token: s.sara})
		fresh := strings.TrimPrefix(r.json(t)["url"].(string), "https://zabano.test")
		if r.status != 200 || fresh == saraFeed || address(s.sara) != fresh {
			t.Fatalf("reset: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "GET", path: saraFeed}); r.status != 404 {
			t.Fatalf("the old address after a reset: %d", r.status)
		}
		if len(parseICS(t, a.do(req{method: "GET", path: fresh}))) != 4 {
			t.Fatal("the new address")
		}
		if len(parseICS(t, a.do(req{method: "GET", path: teacherFeed}))) != 4 {
			t.Fatal("sara's reset changed the teacher's address")
		}
		for _, path := range []string{"/api/calendar/nothing.ics", strings.TrimSuffix(fresh, ".ics"), fresh + "x"} {
			if r := a.do(req{method: "GET", path: path}); r.status != 404 {
				t.Errorf("GET %s: %d", path, r.status)
			}
		}

		// A feed reaches CalendarPast back: the classes of long ago leave it.
		a.clock.Add(time.Date(2027, 7, 1, 0, 0, 0, 0, time.UTC).Sub(a.clock.Now()))
		if got := parseICS(t, a.do(req{method: "GET", path: teacherFeed})); len(got) != 0 {
			t.Errorf("classes of over 90 days ago in the feed: %d", len(got))
		}
	})
}
