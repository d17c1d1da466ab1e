package zabano_test

import (
	"testing"
	"time"

	"github.com/zabano/zabano"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestBulkPlanSlots(t *testing.T) {
	tehran := mustZone(t, "Asia/Tehran")
	date := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	for _, tc := range []struct {
		name       string
		plan       zabano.BulkPlan
		count      int
		first      string // local start of the first slot
		last       string // local start of the last slot
		lastLength time.Duration
	}{
		{"defaults: one week, 09:00-17:00, 30 min + 15 break, on the start day",
			zabano.BulkPlan{Weeks: 1, Days: []time.Weekday{time.Saturday}, From: 9 * 60, To: 17 * 60, Duration: 30, Break: 15, StartDate: date(2026, 11, 21)},
			// 09:00, 09:45, ... a slot starts every 45 min while it ends by 17:00: 09:00..16:30 -> 11 slots
			11, "2026-11-21 09:00", "2026-11-21 16:30", 30 * time.Minute},
		{"first matching weekday on or after the start date",
			zabano.BulkPlan{Weeks: 1, Days: []time.Weekday{time.Monday}, From: 10 * 60, To: 11 * 60, Duration: 60, StartDate: date(2026, 11, 21)},
			1, "2026-11-23 10:00", "2026-11-23 10:00", time.Hour},
		{"repeat weeks step by 7 days",
			zabano.BulkPlan{Weeks: 4, Days: []time.Weekday{time.Sunday, time.Wednesday}, From: 18 * 60, To: 20 * 60, Duration: 60, StartDate: date(2026, 11, 21)},
			16, "2026-11-22 18:00", "2026-12-16 19:00", time.Hour},
		{"a slot that does not fit before the end is left out",
			zabano.BulkPlan{Weeks: 1, Days: []time.Weekday{time.Saturday}, From: 9 * 60, To: 10*60 + 50, Duration: 45, Break: 15, StartDate: date(2026, 11, 21)},
			2, "2026-11-21 09:00", "2026-11-21 10:00", 45 * time.Minute},
		{"no break: back to back to midnight",
			zabano.BulkPlan{Weeks: 1, Days: []time.Weekday{time.Friday}, From: 22 * 60, To: 24 * 60, Duration: 30, StartDate: date(2026, 11, 21)},
			4, "2026-11-27 22:00", "2026-11-27 23:30", 30 * time.Minute},
		{"a year of 16 slots a day",
			zabano.BulkPlan{Weeks: 52, Days: []time.Weekday{0, 1, 2, 3, 4, 5, 6}, From: 6 * 60, To: 22 * 60, Duration: 60, StartDate: date(2026, 11, 21)},
			52 * 7 * 16, "2026-11-21 06:00", "2027-11-19 21:00", time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.plan.Location = tehran
			if err := tc.plan.Validate(); err != nil {
				t.Fatal(err)
			}
			slots := tc.plan.Slots()
			local := func(s zabano.Slot) string { return s.Start.In(tehran).Format("2006-01-02 15:04") }
			if len(slots) != tc.count || local(slots[0]) != tc.first || local(slots[len(slots)-1]) != tc.last ||
				slots[len(slots)-1].End.Sub(slots[len(slots)-1].Start) != tc.lastLength {
				t.Fatalf("got %d slots %s .. %s, want %d %s .. %s", len(slots), local(slots[0]), local(slots[len(slots)-1]), tc.count, tc.first, tc.last)
			}
		})
	}
}

func TestBulkPlanValidate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plan  zabano.BulkPlan
		field string
		want  string
	}{
		{"no day", zabano.BulkPlan{Weeks: 1, From: 540, To: 600, Duration: 30}, "days", "Please select at least one day"},
		{"no times", zabano.BulkPlan{Weeks: 1, Days: []time.Weekday{1}, From: -1, To: 0, Duration: 30}, "start_time", "Please fill all required fields"},
		{"end before start", zabano.BulkPlan{Weeks: 1, Days: []time.Weekday{1}, From: 600, To: 540, Duration: 30}, "end_time", "End time must be after start time"},
		{"53 weeks", zabano.BulkPlan{Weeks: 53, Days: []time.Weekday{1}, From: 540, To: 600, Duration: 30}, "weeks", "Repeat for 1 to 52 weeks."},
		{"20 minutes", zabano.BulkPlan{Weeks: 1, Days: []time.Weekday{1}, From: 540, To: 600, Duration: 20}, "duration", "Choose a slot length of 15, 30, 45, 60, 90 or 120 minutes."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.plan.Validate()
			e, ok := err.(*zabano.Error)
			if !ok || len(e.Fields[tc.field]) == 0 || e.Fields[tc.field][0].En != tc.want {
				t.Fatalf("got %v, want %s: %q", err, tc.field, tc.want)
			}
		})
	}
}

func TestLocalTimeAcrossZonesAndDST(t *testing.T) {
	for _, tc := range []struct {
		zone       string
		y          int
		m          time.Month
		d, minutes int
		wantUTC    string
	}{
		{"Asia/Tehran", 2026, 11, 21, 9 * 60, "2026-11-21T05:30:00Z"}, // +03:30, no DST since 2022
		{"Asia/Tehran", 2026, 6, 21, 9 * 60, "2026-06-21T05:30:00Z"},
		{"Europe/Berlin", 2026, 3, 28, 10 * 60, "2026-03-28T09:00:00Z"},      // CET, the day before DST
		{"Europe/Berlin", 2026, 3, 29, 10 * 60, "2026-03-29T08:00:00Z"},      // CEST from 02:00 that day
		{"Europe/Berlin", 2026, 3, 29, 2*60 + 30, "2026-03-29T01:30:00Z"},    // 02:30 does not exist: 03:30 CEST
		{"America/New_York", 2026, 11, 1, 1*60 + 30, "2026-11-01T05:30:00Z"}, // ambiguous 01:30: the first, EDT
		{"America/New_York", 2026, 11, 2, 9 * 60, "2026-11-02T14:00:00Z"},    // EST after the change
	} {
		got := zabano.LocalTime(tc.y, tc.m, tc.d, tc.minutes, mustZone(t, tc.zone)).Format(time.RFC3339)
		if got != tc.wantUTC {
			t.Errorf("%s %d-%d-%d %d min: %s, want %s", tc.zone, tc.y, tc.m, tc.d, tc.minutes, got, tc.wantUTC)
		}
	}
	// A weekly slot at 18:00 Berlin keeps its wall-clock time across the change.
	berlin := mustZone(t, "Europe/Berlin")
	plan := zabano.BulkPlan{Weeks: 2, Days: []time.Weekday{time.Friday}, From: 18 * 60, To: 19 * 60, Duration: 60,
		StartDate: time.Date(2026, 3, 22, 0, 0, 0, 0, time.UTC), Location: berlin}
	for _, s := range plan.Slots() {
		if got := s.Start.In(berlin).Format("15:04"); got != "18:00" {
			t.Errorf("slot on %s starts %s Berlin time, want 18:00", s.Start.In(berlin).Format("01-02"), got)
		}
	}
}

func TestParseClock(t *testing.T) {
	for in, want := range map[string]int{"00:00": 0, "09:30": 570, "23:59": 1439, "24:00": 1440, "24:01": -1, "9:30": -1, "12:60": -1, "ab:cd": -1, "": -1} {
		got, ok := zabano.ParseClock(in)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("ParseClock(%q) = %d, want %d", in, got, want)
		}
	}
}
