package zabano

import (
	"strings"
	"testing"
	"time"
)

func TestNotificationTexts(t *testing.T) {
	start := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
	data := NotificationData{Name: "Sara Karimi", Start: start, NewStart: start.Add(48 * time.Hour),
		Amount: 1250000, Note: "REF-1", Rating: 5, JoinURL: "https://meet.jit.si/zabano-x1"}
	for _, k := range NotificationKinds {
		n := &Notification{Kind: k, Data: data}
		if n.Title().En == "" || n.Title().Fa == "" {
			t.Errorf("%s has no title", k)
		}
		text := n.Text(Tehran)
		for _, s := range []string{text.En, text.Fa} {
			if s == "" || strings.Contains(s, "%!") {
				t.Errorf("%s: text %q", k, s)
			}
		}
	}
	n := &Notification{Kind: KindTeacherPaid, Data: data}
	if got, want := n.Text(Tehran).Fa, "۱٬۲۵۰٬۰۰۰ تومان برای کلاس با Sara Karimi در سه‌شنبه ۳ آذر ۱۴۰۵، ساعت ۱۸:۳۰ به کیف پول شما واریز شد."; got != want {
		t.Errorf("teacher_paid in Persian:\n got %q\nwant %q", got, want)
	}
	n = &Notification{Kind: KindClassStarting, Data: data}
	if got := n.Text(Tehran).Fa; !strings.HasSuffix(got, "ورود: https://meet.jit.si/zabano-x1") {
		t.Errorf("class_starting's link in Persian: %q", got)
	}
	n = &Notification{Kind: KindWithdrawalPaid, Data: data}
	if got := n.Text(Tehran).Fa; !strings.HasSuffix(got, "REF-1") {
		t.Errorf("withdrawal_paid's reference in Persian: %q", got)
	}
	n = &Notification{Kind: KindRescheduleProposed, Data: data}
	if got, want := n.Text(Tehran).En, "Sara Karimi proposes moving the class on Tuesday 24 November 2026, 18:30 to Thursday 26 November 2026, 18:30."; got != want {
		t.Errorf("reschedule_proposed in English:\n got %q\nwant %q", got, want)
	}
}

func TestNotificationPrefs(t *testing.T) {
	p := DefaultNotificationPrefs()
	for _, tc := range []struct {
		k    NotificationKind
		c    Channel
		want bool
	}{
		{KindReminder1h, ChannelSMS, true},
		{KindClassBooked, ChannelSMS, true},
		{KindClassCancelled, ChannelSMS, false},
		{KindClassCancelled, ChannelEmail, true},
		{KindClassCancelled, ChannelApp, true},
		{KindMessageUnread, ChannelApp, false},
	} {
		if got := p.Wants(tc.k, tc.c); got != tc.want {
			t.Errorf("default Wants(%s, %s) = %v, want %v", tc.k, tc.c, got, tc.want)
		}
	}
	tehran := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, Tehran) }
	for _, tc := range []struct {
		name       string
		start, end int
		at, want   time.Time
	}{
		{"evening, across midnight", 22 * 60, 8 * 60, tehran(24, 23, 10), tehran(25, 8, 0)},
		{"morning, across midnight", 22 * 60, 8 * 60, tehran(25, 7, 59), tehran(25, 8, 0)},
		{"at the end", 22 * 60, 8 * 60, tehran(25, 8, 0), tehran(25, 8, 0)},
		{"at the start", 22 * 60, 8 * 60, tehran(24, 22, 0), tehran(25, 8, 0)},
		{"daytime", 22 * 60, 8 * 60, tehran(24, 15, 0), tehran(24, 15, 0)},
		{"within a day", 13 * 60, 15 * 60, tehran(24, 14, 0), tehran(24, 15, 0)},
		{"outside a day's hours", 13 * 60, 15 * 60, tehran(24, 16, 0), tehran(24, 16, 0)},
		{"none", 0, 0, tehran(24, 3, 0), tehran(24, 3, 0)},
	} {
		p := NotificationPrefs{QuietStart: tc.start, QuietEnd: tc.end, TimeZone: "Asia/Tehran"}
		if got := p.QuietUntil(tc.at); !got.Equal(tc.want) {
			t.Errorf("%s: QuietUntil(%v) = %v, want %v", tc.name, tc.at, got, tc.want)
		}
	}
}

// TestNotificationPath: each object leads to its screen of the web app
// (web/src/config/paths.ts), which the web, emails and SMS all follow.
func TestNotificationPath(t *testing.T) {
	for _, tc := range []struct {
		object ObjectType
		role   Role
		want   string
	}{
		{ObjectBooking, RoleTeacher, "/teacher/booked-slots"},
		{ObjectBooking, RoleStudent, "/student/booked-slots"},
		{ObjectChat, RoleStudent, "/student/messages?chat=7"},
		{ObjectWithdrawal, RoleTeacher, "/teacher/wallet"},
		{ObjectPayment, RoleStudent, "/student/wallet"},
		{ObjectReview, RoleTeacher, "/teacher/profile"},
		{ObjectProfile, RoleTeacher, "/teacher/profile"},
		{ObjectSettings, RoleStudent, "/student"},
	} {
		n := &Notification{ObjectType: tc.object, ObjectID: 7}
		if got := n.Path(tc.role); got != tc.want {
			t.Errorf("%s for a %s: %q, want %q", tc.object, tc.role, got, tc.want)
		}
	}
}

// A class's reminders come due 24 hours, an hour and the join window before
// it starts; the one written at an instant is the last due by then.
func TestReminderTimes(t *testing.T) {
	start := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		before   time.Duration // now, before start
		next     time.Duration // the next due, before start; 0 for none
		kind     NotificationKind
		dueAhead time.Duration // the one due now, before start
	}{
		{before: 48 * time.Hour, next: 24 * time.Hour},
		{before: 24*time.Hour + time.Second, next: 24 * time.Hour},
		{before: 24 * time.Hour, next: time.Hour, kind: KindReminder24h, dueAhead: 24 * time.Hour},
		{before: 2 * time.Hour, next: time.Hour, kind: KindReminder24h, dueAhead: 24 * time.Hour},
		{before: 30 * time.Minute, next: JoinWindow, kind: KindReminder1h, dueAhead: time.Hour},
		// Missed ones are no longer news: only the last due is written.
		{before: 10 * time.Minute, kind: KindClassStarting, dueAhead: JoinWindow},
		{before: time.Second, kind: KindClassStarting, dueAhead: JoinWindow},
		{before: 0},
		{before: -time.Hour},
	} {
		now := start.Add(-tc.before)
		var want time.Time
		if tc.next != 0 {
			want = start.Add(-tc.next)
		}
		if got := NextReminder(start, now); !got.Equal(want) {
			t.Errorf("%v before: next reminder %v, want %v", tc.before, got, want)
		}
		kind, due, ok := DueReminder(start, now)
		if ok != (tc.kind != "") || kind != tc.kind || ok && !due.Equal(start.Add(-tc.dueAhead)) {
			t.Errorf("%v before: due %q at %v (%v), want %q at %v before", tc.before, kind, due, ok, tc.kind, tc.dueAhead)
		}
	}
}
