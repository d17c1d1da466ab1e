package httpapi_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/notify"
)

// notification is the id of the newest notification of actor who.
func (w *world) notification(who int) int64 {
	w.t.Helper()
	list, _, err := w.db.Notifications(context.Background(), w.id[who], 1, 0)
	if err != nil || len(list) == 0 {
		w.t.Fatalf("%s has no notification: %v", actorName[who], err)
	}
	return list[0].ID
}

// notificationsPage is the answer of GET /api/notifications/.
type notificationsPage struct {
	Results []struct {
		ID        int64
		Kind      string
		Read      bool
		CreatedAt time.Time `json:"created_at"`
		Object    struct {
			Type string
			ID   int64
		}
		Title, Text, Link string
	}
	Unread int
}

func (a *app) notifications(t *testing.T, token, query, lang string) notificationsPage {
	t.Helper()
	var p notificationsPage
	r := a.do(req{method: "GET", path: "/api/notifications/" + query, token: token, lang: lang})
	if r.status != 200 {
		t.Fatalf("notifications: %d %s", r.status, r.body)
	}
	r.decode(t, &p)
	return p
}

// remind writes the reminders that came due, as every server's delivery
// worker does each second.
func (a *app) remind(t *testing.T) {
	t.Helper()
	if _, err := a.db.WriteReminders(t.Context(), 100); err != nil {
		t.Fatal(err)
	}
}

// worker is a delivery worker over the app's database, sending by the app
// channel and by sms, and its logger's output.
func (a *app) worker(sms zabano.ChannelSender) *notify.Worker {
	return &notify.Worker{Store: a.db, Now: a.clock.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Senders: map[zabano.Channel]zabano.ChannelSender{
			zabano.ChannelApp: &notify.App{Store: a.db},
			zabano.ChannelSMS: sms,
		}}
}

func TestNotificationsAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		slot := s.slot(t, "2026-11-23", "10:00", "11:00")
		r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}})
		if r.status != 201 {
			t.Fatalf("book: %d %s", r.status, r.body)
		}
		booking := int64(r.json(t)["id"].(float64))

		p := a.notifications(t, s.teacher, "", "en")
		if p.Unread != 1 || len(p.Results) != 1 {
			t.Fatalf("the teacher's notifications: %+v", p)
		}
		n := p.Results[0]
		if n.Kind != "class_booked" || n.Read || n.Object.Type != "booking" || n.Object.ID != booking || n.Link != "/teacher/booked-slots" ||
			n.Title != "New class booked" || n.Text != "sara booked a class with you for Monday 23 November 2026, 10:00." || !n.CreatedAt.Equal(start) {
			t.Fatalf("class_booked: %+v", n)
		}
		fa := a.notifications(t, s.teacher, "?page=1", "fa").Results[0]
		if fa.Title != "کلاس تازه رزرو شد" || !strings.Contains(fa.Text, "دوشنبه ۲ آذر ۱۴۰۵، ساعت ۱۰:۰۰") {
			t.Errorf("in Persian: %+v", fa)
		}
		// Her reminders are not listed before they are due.
		if p := a.notifications(t, s.sara, "", "en"); len(p.Results) != 0 || p.Unread != 0 {
			t.Errorf("the student's notifications before her reminders: %+v", p)
		}
		a.clock.Add(41 * time.Hour) // past the 24-hour reminder: 2026-11-22 10:00 in Tehran
		a.remind(t)
		if p := a.notifications(t, s.sara, "", "en"); len(p.Results) != 1 || p.Results[0].Kind != "reminder_24h" || p.Results[0].Link != "/student/booked-slots" ||
			p.Results[0].Text != "Your class with maryam is on Monday 23 November 2026, 10:00." {
			t.Errorf("the student's notifications after her reminder: %+v", p)
		}

		// Read: one's own, once or again; another's is not found.
		for _, tc := range []struct {
			name, token string
			status      int
		}{{"the owner", s.teacher, 204}, {"again", s.teacher, 204}, {"another teacher", s.other, 404}, {"a student", s.sara, 404}} {
			if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/notifications/%d/read/", n.ID), token: tc.token}); r.status != tc.status {
				t.Errorf("read by %s: %d %s, want %d", tc.name, r.status, r.body, tc.status)
			}
		}
		if r := a.do(req{method: "POST", path: "/api/notifications/x/read/", token: s.teacher}); r.status != 404 {
			t.Errorf("read x: %d", r.status)
		}
		if p := a.notifications(t, s.teacher, "", "en"); p.Unread != 1 || len(p.Results) != 2 || p.Results[0].Kind != "reminder_24h" ||
			p.Results[0].Read || !p.Results[1].Read {
			t.Errorf("after reading, with the teacher's reminder since: %+v", p)
		}
		if r := a.do(req{method: "POST", path: "/api/notifications/read-all/", token: s.sara}); r.status != 204 {
			t.Fatalf("read all: %d %s", r.status, r.body)
		}
		if p := a.notifications(t, s.sara, "", "en"); p.Unread != 0 || !p.Results[0].Read {
			t.Errorf("after reading all: %+v", p)
		}

		// Her time zone's times, once she chose one.
		if r := a.do(req{method: "PUT", path: "/api/notifications/preferences/", token: s.sara, body: map[string]string{"time_zone": "Europe/Berlin"}}); r.status != 200 {
			t.Fatalf("time zone: %d %s", r.status, r.body)
		}
		if p := a.notifications(t, s.sara, "", "en"); p.Results[0].Text != "Your class with maryam is on Monday 23 November 2026, 07:30 (Europe/Berlin)." {
			t.Errorf("in Berlin: %q", p.Results[0].Text)
		}

		// Pages: 20 each, newest first.
		for i := range 22 {
			a.clock.Add(2 * time.Minute) // within the cap on payment requests
			a.topUp(s.sara, int64(1_000+i))
		}
		first, second := a.notifications(t, s.sara, "", "en"), a.notifications(t, s.sara, "?page=2", "en")
		if len(first.Results) != 20 || len(second.Results) != 3 || first.Unread != 22 || first.Results[0].Text != "1,021 Toman was added to your wallet." ||
			first.Results[0].Link != "/student/wallet" || first.Results[0].Object.Type != "payment" {
			t.Errorf("pages: %d and %d, %d unread, first %+v", len(first.Results), len(second.Results), first.Unread, first.Results[0])
		}
		for _, q := range []string{"?page=0", "?page=x", "?page=-1"} {
			r := a.do(req{method: "GET", path: "/api/notifications/" + q, token: s.sara})
			if r.status != 400 || r.field(t, "page") == "" {
				t.Errorf("%s: %d %s", q, r.status, r.body)
			}
		}
	})
}

func TestNotificationPreferencesAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		sara := a.register("sara", zabano.RoleStudent, "09121000042")
		var prefs struct {
			Language   string
			TimeZone   string `json:"time_zone"`
			QuietStart string `json:"quiet_start"`
			QuietEnd   string `json:"quiet_end"`
			Channels   map[string]map[string]bool
		}
		get := func() {
			t.Helper()
			r := a.do(req{method: "GET", path: "/api/notifications/preferences/", token: sara})
			if r.status != 200 {
				t.Fatalf("preferences: %d %s", r.status, r.body)
			}
			prefs.Channels = nil
			r.decode(t, &prefs)
		}
		get()
		if prefs.Language != "fa" || prefs.TimeZone != "Asia/Tehran" || prefs.QuietStart != "22:00" || prefs.QuietEnd != "08:00" ||
			len(prefs.Channels) != len(zabano.NotificationKinds) || !prefs.Channels["reminder_1h"]["sms"] || prefs.Channels["class_done"]["sms"] ||
			!prefs.Channels["class_done"]["email"] {
			t.Fatalf("defaults: %+v", prefs)
		}

		r := a.do(req{method: "PUT", path: "/api/notifications/preferences/", token: sara, body: map[string]any{
			"language": "de", "time_zone": "Mars/Olympus", "quiet_start": "25:00", "quiet_end": "8", "channels": map[string]any{"nap": map[string]bool{"sms": true}},
		}})
		if r.status != 400 {
			t.Fatalf("bad preferences: %d %s", r.status, r.body)
		}
		for _, f := range []string{"language", "time_zone", "quiet_start", "quiet_end", "channels"} {
			r.field(t, f)
		}
		r = a.do(req{method: "PUT", path: "/api/notifications/preferences/", token: sara, lang: "fa", body: map[string]any{
			"language": "en", "channels": map[string]any{"reminder_1h": map[string]bool{"app": false}},
		}})
		if r.status != 400 || !strings.Contains(r.field(t, "channels"), "sms") {
			t.Fatalf("the app channel turned off: %d %s", r.status, r.body)
		}
		get()
		if prefs.Language != "fa" || !prefs.Channels["reminder_1h"]["sms"] {
			t.Fatalf("a refused change saved something: %+v", prefs)
		}

		r = a.do(req{method: "PUT", path: "/api/notifications/preferences/", token: sara, body: map[string]any{
			"language": "en", "time_zone": "Europe/Berlin", "quiet_start": "23:30",
			"channels": map[string]any{"reminder_24h": map[string]bool{"sms": false}, "class_done": map[string]bool{"sms": true, "email": false}},
		}})
		if r.status != 200 {
			t.Fatalf("preferences: %d %s", r.status, r.body)
		}
		get()
		if prefs.Language != "en" || prefs.TimeZone != "Europe/Berlin" || prefs.QuietStart != "23:30" || prefs.QuietEnd != "08:00" ||
			prefs.Channels["reminder_24h"]["sms"] || !prefs.Channels["reminder_24h"]["email"] || !prefs.Channels["class_done"]["sms"] ||
			prefs.Channels["class_done"]["email"] || !prefs.Channels["reminder_1h"]["sms"] {
			t.Fatalf("after the change: %+v", prefs)
		}
		// An omitted field keeps its value.
		if r := a.do(req{method: "PUT", path: "/api/notifications/preferences/", token: sara, body: map[string]any{"quiet_end": "07:15"}}); r.status != 200 {
			t.Fatalf("quiet_end: %d %s", r.status, r.body)
		}
		get()
		if prefs.Language != "en" || prefs.QuietStart != "23:30" || prefs.QuietEnd != "07:15" || prefs.Channels["reminder_24h"]["sms"] {
			t.Fatalf("after changing quiet_end: %+v", prefs)
		}

	})
}

// TestNotificationEvent: a notification reaches the open stream as a
// "notification" event with the unread count, once the worker sends it.
func TestNotificationEvent(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		events := a.openStream(t, s.teacher, "")
		slot := s.slot(t, "2026-11-23", "10:00", "11:00")
		if r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}}); r.status != 201 {
			t.Fatalf("book: %d %s", r.status, r.body)
		}
		if _, err := a.worker(&failing{}).Deliver(t.Context()); err != nil {
			t.Fatal(err)
		}
		e := next(t, events)
		n, _ := e.data["notification"].(map[string]any)
		if e.event != "notification" || e.data["chat_id"] != float64(0) || e.data["unread"] != float64(1) || n["kind"] != "class_booked" ||
			!strings.Contains(n["text"].(string), "sara") || n["link"] != "/teacher/booked-slots" {
			t.Fatalf("event: %+v", e)
		}
	})
}

// failing is a sender that always fails.
type failing struct{}

func (failing) Send(context.Context, *zabano.Outgoing) error { return errors.New("smsc unreachable") }

// TestFailedDeliveriesAPI: the operator's console lists what could not be
// sent after every try.
func TestFailedDeliveriesAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		op := a.operator("ops", "09121000109")
		slot := s.slot(t, "2026-11-23", "10:00", "11:00")
		if r := a.do(req{method: "POST", path: "/api/slot/booking/", token: s.sara, body: map[string]any{"slot": slot, "level_price": s.level}}); r.status != 201 {
			t.Fatalf("book: %d %s", r.status, r.body)
		}
		w := a.worker(failing{})
		for range zabano.MaxDeliveryAttempts {
			if _, err := w.Deliver(t.Context()); err != nil {
				t.Fatal(err)
			}
			a.clock.Add(2 * time.Hour)
		}
		var list struct {
			Results []struct {
				ID        int64
				Channel   string
				Kind      string
				User      struct{ Username string }
				Attempts  int
				LastError string `json:"last_error"`
			}
		}
		r := a.do(req{method: "GET", path: "/api/admin/deliveries/?status=failed", token: op})
		if r.status != 200 {
			t.Fatalf("deliveries: %d %s", r.status, r.body)
		}
		r.decode(t, &list)
		if len(list.Results) != 1 {
			t.Fatalf("failed deliveries: %s", r.body)
		}
		f := list.Results[0]
		if f.Channel != "sms" || f.Kind != "class_booked" || f.User.Username != "maryam" || f.Attempts != zabano.MaxDeliveryAttempts || f.LastError != "smsc unreachable" {
			t.Errorf("failed delivery: %+v", f)
		}
		if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/admin/deliveries/?before=%d", f.ID), token: op}); r.status != 200 || !strings.Contains(string(r.body), `"results":[]`) {
			t.Errorf("before the only one: %d %s", r.status, r.body)
		}
		for _, q := range []string{"?status=sent", "?before=0"} {
			if r := a.do(req{method: "GET", path: "/api/admin/deliveries/" + q, token: op}); r.status != 400 {
				t.Errorf("%s: %d %s", q, r.status, r.body)
			}
		}
	})
}
