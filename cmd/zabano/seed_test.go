package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
)

// TestSeedBookings seeds slots and bookings with the flags make bench uses
// and reads them back through the API: each student has their classes and
// the wallet left after paying them.
func TestSeedBookings(t *testing.T) {
	dir := t.TempDir()
	env := func(k string) string { return map[string]string{"ZABANO_DATA_DIR": dir}[k] }
	var out bytes.Buffer
	args := []string{"seed", "-teachers", "3", "-students", "2", "-slots-per-teacher", "30", "-bookings", "8", "-wallet", "1000000", "-photos=false", "-reviews=false", "-series=false", "-reschedule=false", "-history=false", "-money=false"}
	if err := run(context.Background(), args, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "seeded 90 slots and 8 bookings") {
		t.Fatalf("output %q", out.String())
	}
	for _, bad := range [][]string{{"-teachers", "3", "-slots-per-teacher", "30", "-bookings", "91"}, {"-slots-per-teacher", "99999"}, {"-students", "0", "-bookings", "1", "-slots-per-teacher", "1"}} {
		if err := run(context.Background(), append([]string{"seed", "-data-dir", t.TempDir()}, bad...), env, nil, io.Discard, io.Discard); err == nil {
			t.Errorf("seed %v ran", bad)
		}
	}

	c := client{t, boot(t, map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": dir})}
	for _, name := range []string{"student1", "student2"} {
		st, m := c.call("POST", "/api/token/", "", map[string]string{"username": name, "password": seedPassword, "role": "student"})
		if st != 200 {
			t.Fatalf("%s login: %d %v", name, st, m)
		}
		token := m["access"].(string)
		_, classes := c.call("GET", "/api/slot/lists/student/", token, nil)
		_, profile := c.call("GET", "/api/profile/", token, nil)
		if items, _ := classes["items"].([]any); len(items) != 4 || profile["wallet"] != 1_000_000.0 {
			t.Errorf("%s: %d classes, wallet %v; want 4 and 1000000", name, len(items), profile["wallet"])
		}
	}
	st, m := c.call("POST", "/api/token/", "", map[string]string{"username": "teacher1", "password": seedPassword, "role": "teacher"})
	if st != 200 {
		t.Fatalf("teacher login: %d %v", st, m)
	}
	_, list := c.call("GET", "/api/teachers/list/", m["access"].(string), nil)
	results, _ := list["results"].([]any)
	if len(results) != 3 || results[0].(map[string]any)["photo"] != nil {
		t.Errorf("teachers without photos: %v", list)
	}
}

// TestSeedDemo keeps the promises of the demo make run opens, read through
// the API as its users would: every teacher is free in the next two weeks,
// and student1 and teacher1 have classes in each state (one to join now), a
// chat, materials, notes and a wallet's history; the ledger audits clean.
// The seed is a command on the real clock, so "now" here is the real one.
func TestSeedDemo(t *testing.T) {
	dir := t.TempDir()
	env := func(k string) string { return map[string]string{"ZABANO_DATA_DIR": dir}[k] }
	var out bytes.Buffer
	if err := run(context.Background(), []string{"seed", "-teachers", "4", "-students", "2", "-photos=false"}, env, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"seeded 672 free slots", "try it: sign in with password \"zabano-demo\"", "student1  classes done, cancelled and coming"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	now := time.Now()
	c := client{t, boot(t, map[string]string{"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": dir})}
	login := func(name, role string) string {
		st, m := c.call("POST", "/api/token/", "", map[string]string{"username": name, "password": seedPassword, "role": role})
		if st != 200 {
			t.Fatalf("%s login: %d %v", name, st, m)
		}
		return m["access"].(string)
	}
	items := func(path, token string) []map[string]any {
		t.Helper()
		st, m := c.call("GET", path, token, nil)
		if st != 200 {
			t.Fatalf("%s: %d %v", path, st, m)
		}
		var list []map[string]any
		for _, x := range m["items"].([]any) {
			list = append(list, x.(map[string]any))
		}
		return list
	}
	student, teacher := login("student1", "student"), login("teacher1", "teacher")

	_, teachers := c.call("GET", "/api/teachers/list/", student, nil)
	results, _ := teachers["results"].([]any)
	if len(results) != 4 {
		t.Fatalf("teachers: %v", teachers)
	}
	// student1's saved teachers; teacher3's name, typed with an Arabic
	// keyboard's letters, is found as a Persian keyboard types it.
	for query, want := range map[string]string{"?saved=1": "teacher3,teacher1", "?q=" + url.QueryEscape("علی کریمی"): "teacher3"} {
		_, m := c.call("GET", "/api/teachers/list/"+query, student, nil)
		var names []string
		for _, r := range m["results"].([]any) {
			names = append(names, r.(map[string]any)["username"].(string))
		}
		if got := strings.Join(names, ","); got != want {
			t.Errorf("teachers%s: %s, want %s", query, got, want)
		}
	}
	to := now.AddDate(0, 0, 14).UTC().Format(time.RFC3339)
	for _, r := range results {
		p := r.(map[string]any)
		if free := items(fmt.Sprintf("/api/slot/teacher/%v/?to=%s", p["id"], to), student); len(free) < 12*13 {
			t.Errorf("%v: %d free slots in the next two weeks", p["username"], len(free))
		}
	}

	// statuses counts the classes of a list by status, and those open to join now.
	statuses := func(list []map[string]any) map[string]int {
		n := map[string]int{}
		for _, b := range list {
			n[b["status"].(string)]++
			start, _ := time.Parse(time.RFC3339, b["start_time"].(string))
			if b["status"] == "booked" && start.After(now) && start.Sub(now) <= 15*time.Minute {
				n["join now"]++
			}
		}
		return n
	}
	for who, list := range map[string][]map[string]any{
		"student1": items("/api/slot/lists/student/", student),
		"teacher1": items("/api/slot/lists/teacher/", teacher),
	} {
		if n := statuses(list); n["done"] < 3 || n["approved_cancel"] != 1 || n["booked"] < 2 || n["join now"] != 1 {
			t.Errorf("%s's classes: %v", who, n)
		}
	}
	for _, token := range []string{student, teacher} {
		chats := items("/api/chats/", token)
		if len(chats) != 1 {
			t.Fatalf("chats: %v", chats)
		}
		// Each side has read some of the other's messages; the newest is the
		// teacher's worksheet, an image served by its signed link.
		if chats[0]["other_read_id"] == 0.0 {
			t.Errorf("no read receipt: %v", chats[0])
		}
		msgs := items(fmt.Sprintf("/api/chats/%v/messages/", chats[0]["id"]), token)
		if len(msgs) != 6 {
			t.Fatalf("%d messages", len(msgs))
		}
		att, _ := msgs[5]["attachment"].(map[string]any)
		if att == nil || att["type"] != "image/png" {
			t.Fatalf("the newest message: %v", msgs[5])
		}
		if res, err := http.Get(att["url"].(string)); err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
			t.Errorf("the worksheet: %v %v", res, err)
		} else {
			res.Body.Close()
		}
		if m := items("/api/materials/", token); len(m) != 2 {
			t.Errorf("materials: %v", m)
		}
	}
	if notes := items("/api/notes/", student); len(notes) != 2 {
		t.Errorf("notes: %v", notes)
	}
	types := map[string]int{}
	for _, tx := range items("/api/student/wallet/transactions/", student) {
		types[tx["type"].(string)]++
	}
	_, profile := c.call("GET", "/api/profile/", student, nil)
	if types["topup"] < 2 || types["class_payment"] < 6 || types["refund"] != 1 || profile["wallet"].(float64) < 1_000_000 {
		t.Errorf("student1's wallet %v, transactions %v", profile["wallet"], types)
	}

	// Notifications: read and unread ones, and the reminders of the coming
	// classes, listed once the clock reaches them; nothing of the seeded
	// past was texted when the server started.
	notifications := func(token string) (list []map[string]any, unread int) {
		t.Helper()
		for page := 1; page <= 10; page++ {
			st, m := c.call("GET", fmt.Sprintf("/api/notifications/?page=%d", page), token, nil)
			results, _ := m["results"].([]any)
			if st != 200 || len(results) == 0 {
				break
			}
			unread = int(m["unread"].(float64))
			for _, r := range results {
				list = append(list, r.(map[string]any))
			}
		}
		return list, unread
	}
	for name, token := range map[string]string{"student1": student, "teacher1": teacher} {
		list, unread := notifications(token)
		read := 0
		for _, n := range list {
			if n["read"] == true {
				read++
			}
		}
		if read == 0 || unread == 0 || read+unread != len(list) {
			t.Errorf("%s's notifications: %d, %d read, %d unread", name, len(list), read, unread)
		}
	}
	if _, sent := c.call("GET", "/api/dev/sms-outbox/?phone=09100000001", "", nil); len(sent["items"].([]any)) != 0 {
		t.Errorf("teacher1 was texted the seeded past: %v", sent)
	}
	// The clock moved to an hour past the 24-hour reminder of student1's
	// first class more than a day ahead; the server's delivery worker writes
	// it within a second or so.
	var ahead time.Time
	for _, b := range items("/api/slot/lists/student/", student) {
		start, _ := time.Parse(time.RFC3339, b["start_time"].(string))
		if b["status"] == "booked" && start.Sub(time.Now()) > 25*time.Hour && (ahead.IsZero() || start.Before(ahead)) {
			ahead = start
		}
	}
	if ahead.IsZero() {
		t.Fatal("student1 has no class more than a day ahead")
	}
	c.call("POST", "/api/dev/clock/", "", map[string]int{"advance_seconds": int(time.Until(ahead.Add(-23 * time.Hour)).Seconds())})
	reminders := 0
	for try := 0; reminders == 0 && try < 50; try++ {
		time.Sleep(100 * time.Millisecond)
		list, _ := notifications(student)
		for _, n := range list {
			at, _ := time.Parse(time.RFC3339, n["created_at"].(string))
			if n["kind"] == "reminder_24h" && at.After(now) {
				reminders++
			}
		}
	}
	if reminders == 0 {
		t.Errorf("no reminder of student1's coming classes after the clock moved")
	}
	// Her address is verified: her notifications go by email too (when,
	// depends on her quiet hours and the day the seed ran).
	if st, m := c.call("GET", "/api/profile/", student, nil); st != 200 || m["email_verified"] != true || m["email"] != "student1@example.com" {
		t.Errorf("student1's profile: %d %v", st, m)
	}

	db, err := sqlstore.Open(context.Background(), filepath.Join(dir, "zabano.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	// The operator's console has work: a withdrawal waiting and one paid
	// with the bank's reference, a dispute with the pair's chat, a payment
	// to verify again; the commission is 0.
	pending, _ := db.Withdrawals(ctx, zabano.WithdrawalFilter{Status: zabano.WithdrawalPending})
	paid, _ := db.Withdrawals(ctx, zabano.WithdrawalFilter{Status: zabano.WithdrawalPaid})
	if len(pending) != 1 || len(paid) != 1 || paid[0].Reference == "" || paid[0].User.Username != "teacher2" {
		t.Errorf("withdrawals: %+v waiting, %+v paid", pending, paid)
	}
	disputes, _ := db.Disputes(ctx, zabano.ProblemDisputed, 0, 10)
	if len(disputes) != 1 {
		t.Fatalf("disputes: %+v", disputes)
	}
	if d, err := db.Dispute(ctx, disputes[0].Report.ID, zabano.DisputeWindow); err != nil || len(d.Messages) != 4 {
		t.Errorf("the dispute's chat: %+v, %v", d, err)
	}
	if payments, _ := db.Payments(ctx, zabano.PaymentPending, 0, 10); len(payments) != 1 {
		t.Errorf("pending payments: %+v", payments)
	}
	if percent, err := db.Commission(ctx); err != nil || percent != 0 {
		t.Errorf("commission %d, %v", percent, err)
	}
	if report, err := db.Audit(ctx); err != nil || !report.OK() {
		t.Errorf("audit: %+v %v", report, err)
	}
}
