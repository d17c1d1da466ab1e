package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestNotificationsSurviveKill: a server killed with SIGKILL after a booking
// committed leaves its reminders in the database, and the server started
// on the same data sends them when its clock reaches them; what the first
// had sent, the second does not send again.
func TestNotificationsSurviveKill(t *testing.T) {
	bin := buildBinary(t)
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			dataDir := t.TempDir()
			// 09:30 in Tehran, outside the quiet hours, on the dev clock.
			now := time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)
			env := map[string]string{
				"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": dataDir, "ZABANO_SECRET": strings.Repeat("n", 32),
				"ZABANO_TEACHER_REVIEW": "off", "ZABANO_DEV_NOW": now.Format(time.RFC3339),
			}
			driver, dsn := "sqlite", filepath.Join(dataDir, "zabano.db")
			if dialect == "postgres" {
				driver, dsn = "pgx", storetest.DSN(t, dialect)
				env["DATABASE_URL"] = dsn
			}
			first := startServer(t, bin, env)
			c := newAPI(first.base, 4)
			const teacherPhone, studentPhone = "09121230001", "09121230002"
			teacher, _ := c.register(t, "maryam", "teacher", teacherPhone)
			student, _ := c.register(t, "sara", "student", studentPhone)
			var p struct {
				LevelPrices []struct{ ID int64 } `json:"level_prices"`
			}
			c.must(t, 200, "POST", "/api/teacher/profile/", teacher, map[string]any{
				"language_levels": []map[string]any{{"language": "English", "levels": []string{"B1"}, "regular_price": 50_000}},
			}, &p)
			start := now.Add(25 * time.Hour)
			var slot struct{ ID int64 }
			c.must(t, 201, "POST", "/api/slot/available/", teacher, map[string]any{"start": start, "end": start.Add(time.Hour)}, &slot)
			if _, st, err := c.topUp(student, 50_000); st != 200 || err != nil {
				t.Fatalf("top-up: %d %v", st, err)
			}
			c.must(t, 201, "POST", "/api/slot/booking/", student, map[string]any{"slot": slot.ID, "level_price": p.LevelPrices[0].ID}, nil)
			texts := func(c *api, phone, kind string) int {
				var list []struct{ Kind string }
				c.must(t, 200, "GET", "/api/dev/sms-outbox/?phone="+phone, "", nil, &list)
				n := 0
				for _, m := range list {
					if m.Kind == kind {
						n++
					}
				}
				return n
			}
			waitFor := func(c *api, phone, kind string) {
				t.Helper()
				for deadline := time.Now().Add(10 * time.Second); texts(c, phone, kind) == 0; {
					if time.Now().After(deadline) {
						t.Fatalf("no %s texted to %s within 10 s", kind, phone)
					}
					time.Sleep(100 * time.Millisecond)
				}
			}
			waitFor(c, teacherPhone, "class_booked")
			// The outbox keeps a text a moment before the worker records it
			// sent; a kill between the two would rightly send it again (at
			// least once), so the kill waits for the record.
			raw, err := sql.Open(driver, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
				var sent int
				if err := raw.QueryRow(`SELECT count(*) FROM deliveries d JOIN notifications n ON n.id = d.notification_id
					WHERE n.kind = 'class_booked' AND d.channel = 'sms' AND d.status = 'sent'`).Scan(&sent); err != nil {
					t.Fatal(err)
				}
				if sent == 1 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatal("the first server did not record its class_booked text as sent within 10 s")
				}
			}
			first.kill() // with the reminders due in an hour still to send

			second := startServer(t, bin, env)
			c = newAPI(second.base, 4)
			c.must(t, 200, "POST", "/api/dev/clock/", "", map[string]int{"advance_seconds": 3600 + 60}, nil)
			for _, phone := range []string{teacherPhone, studentPhone} {
				waitFor(c, phone, "reminder_24h")
			}
			time.Sleep(1500 * time.Millisecond) // a round more of the worker
			if n := texts(c, teacherPhone, "class_booked"); n != 0 {
				t.Errorf("the second server texted class_booked %d times again", n)
			}
			if n := texts(c, studentPhone, "reminder_24h"); n != 1 {
				t.Errorf("the student got %d 24-hour reminders, want 1", n)
			}
			var list struct {
				Results []struct{ Kind string }
				Unread  int
			}
			c.must(t, 200, "GET", "/api/notifications/", student, nil, &list)
			if list.Unread != 2 || len(list.Results) != 2 || list.Results[0].Kind != "reminder_24h" || list.Results[1].Kind != "payment_credited" {
				t.Errorf("the student's notifications: %+v", list)
			}
			second.stop()
		})
	}
}
