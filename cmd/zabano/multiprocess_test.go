package main

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano/sqlstore/storetest"
)

// twoProcesses starts two zabano processes of the real binary on one fresh
// PostgreSQL database and returns clients of each and the database's URL.
func twoProcesses(t *testing.T) (a, b *api, dsn string) {
	t.Helper()
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("several processes share a database only on PostgreSQL: set TEST_DATABASE_URL to run this test")
	}
	bin := buildBinary(t)
	dsn = storetest.DSN(t, "postgres")
	env := func() map[string]string {
		return map[string]string{
			"ZABANO_ENV": "dev", "ZABANO_DATA_DIR": t.TempDir(), "DATABASE_URL": dsn,
			"ZABANO_SECRET": strings.Repeat("m", 32), "ZABANO_CODES_PER_IP": "1000",
			"ZABANO_TEACHER_REVIEW": "off", // its teacher is booked at once
		}
	}
	pa, pb := startServer(t, bin, env()), startServer(t, bin, env())
	return newAPI(pa.base, 32), newAPI(pb.base, 32), dsn
}

// TestBookingRaceAcrossProcesses has 12 students book one slot at the same
// moment, half through each of two processes, five slots in a row: each slot
// has exactly one winner, whose wallet alone paid.
func TestBookingRaceAcrossProcesses(t *testing.T) {
	a, b, dsn := twoProcesses(t)
	const price, students, slots = 100_000, 12, 5
	teacher, _ := a.register(t, "maryam", "teacher", "09121110000")
	var p struct {
		LevelPrices []struct{ ID int64 } `json:"level_prices"`
	}
	a.must(t, 200, "POST", "/api/teacher/profile/", teacher, map[string]any{
		"language_levels": []map[string]any{{"language": "English", "levels": []string{"B2"}, "regular_price": price}},
	}, &p)
	start := time.Now().UTC().Truncate(time.Hour).Add(48 * time.Hour)
	var ids []int64
	for i := range slots {
		var s struct{ ID int64 }
		// Slots are opened through either process.
		[]*api{a, b}[i%2].must(t, 201, "POST", "/api/slot/available/", teacher, map[string]any{
			"start": start.Add(time.Duration(i) * time.Hour), "end": start.Add(time.Duration(i)*time.Hour + time.Hour),
		}, &s)
		ids = append(ids, s.ID)
	}
	tokens := make([]string, students)
	var wg sync.WaitGroup
	for i := range tokens {
		wg.Go(func() {
			tokens[i], _ = a.register(t, fmt.Sprintf("student%d", i), "student", fmt.Sprintf("0912111%04d", i+1))
			// Requested through a, paid on b's gateway page, credited through a.
			var pay struct{ Data struct{ Authority string } }
			a.must(t, 200, "POST", "/panel-api/api/payment/request/", tokens[i], map[string]any{"amount": slots * price}, &pay)
			b.must(t, 303, "POST", "/sandbox/pay/"+pay.Data.Authority, "", url.Values{"status": {"OK"}}, nil)
			a.must(t, 200, "POST", "/api/student/wallet/topup/", tokens[i], map[string]string{"authority": pay.Data.Authority}, nil)
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}

	wins := make([]int, students)
	for round, slot := range ids {
		ready := make(chan struct{})
		status := make([]int, students)
		var wg sync.WaitGroup
		for i, token := range tokens {
			wg.Go(func() {
				<-ready
				var err error
				status[i], err = []*api{a, b}[i%2].call("POST", "/api/slot/booking/", token, map[string]any{"slot": slot, "level_price": p.LevelPrices[0].ID}, nil)
				if err != nil {
					t.Error(err)
				}
			})
		}
		close(ready)
		wg.Wait()
		var winners []int
		for i, st := range status {
			switch st {
			case 201:
				winners = append(winners, i)
				wins[i]++
			case 409:
			default:
				t.Errorf("slot %d: student %d's booking answered %d", slot, i, st)
			}
		}
		if len(winners) != 1 {
			t.Fatalf("slot %d: %d winners %v, want exactly 1", slot, len(winners), winners)
		}
		t.Logf("race %d: student %d won through process %c", round+1, winners[0], "ab"[winners[0]%2])
	}
	for i, token := range tokens {
		var prof struct{ Wallet int64 }
		b.must(t, 200, "GET", "/api/profile/", token, nil, &prof)
		if want := int64(slots-wins[i]) * price; prof.Wallet != want {
			t.Errorf("student %d won %d slots and holds %d, want %d", i, wins[i], prof.Wallet, want)
		}
	}
	auditDB(t, dsn)
}

// TestRateLimitsAcrossProcesses shows the limits hold across processes,
// which keep no count of their own: three codes per phone per 10 minutes,
// the fourth asked of the other process refused; five failed logins per
// user and address, the sixth try refused by the other process even with
// the right password.
func TestRateLimitsAcrossProcesses(t *testing.T) {
	a, b, _ := twoProcesses(t)
	phone := map[string]string{"phone": "09121112222"}
	for i, c := range []*api{a, b, a} {
		if st, err := c.call("POST", "/api/phone-verify/", "", phone, nil); err != nil || st != 200 {
			t.Fatalf("code %d: %d %v", i+1, st, err)
		}
	}
	var limited struct {
		RetryAfter int `json:"retry_after"`
	}
	if st, err := b.call("POST", "/api/phone-verify/", "", phone, &limited); err != nil || st != 429 || limited.RetryAfter <= 0 {
		t.Fatalf("the fourth code, asked of the other process: %d %v %+v, want 429", st, err, limited)
	}
	var outbox []struct{ Code string }
	b.must(t, 200, "GET", "/api/dev/sms-outbox/?phone=09121112222", "", nil, &outbox)
	if len(outbox) != 1 {
		t.Fatalf("process b sent %d codes, want only the second", len(outbox))
	}

	a.register(t, "sara", "student", "09121113333")
	login := func(c *api, password string) int {
		st, err := c.call("POST", "/api/token/", "", map[string]string{"username": "sara", "password": password}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	for i, c := range []*api{a, b, a, b, a} {
		if st := login(c, "wrong!"); st != 401 {
			t.Fatalf("failed login %d: %d", i+1, st)
		}
	}
	if st := login(b, "secret1"); st != 429 {
		t.Fatalf("the right password after five failures, on the other process: %d, want 429", st)
	}
}
