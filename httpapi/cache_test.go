package httpapi_test

import (
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/realtime"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// freeOf is what the teacher list shows of the school's teacher: their
// count of free slots, and the answer's ETag.
func (s *school) freeOf(t *testing.T, path string) (int, string) {
	t.Helper()
	r := s.do(req{method: "GET", path: path, token: s.sara})
	if r.status != 200 || r.header.Get("ETag") == "" {
		t.Fatalf("%s: %d %q %s", path, r.status, r.header.Get("ETag"), r.body)
	}
	for _, c := range r.json(t)["results"].([]any) {
		if c := c.(map[string]any); c["username"] == "maryam" {
			return int(c["free_slots"].(float64)), r.header.Get("ETag")
		}
	}
	t.Fatalf("%s: maryam is not listed: %s", path, r.body)
	return 0, ""
}

// TestResponseCache: a cached answer carries an ETag that a client holding
// it is answered 304 for; it changes when a slot is opened or booked, when
// the teacher's profile changes, and when the first slot it offers starts.
func TestResponseCache(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		const list = "/api/teachers/list/?sort=price"
		first := a.clock.Now().Truncate(time.Hour).Add(2 * time.Hour)
		s.hourSlot(t, first)
		later := s.hourSlot(t, first.Add(24*time.Hour))
		free, etag := s.freeOf(t, list)
		if free != 2 {
			t.Fatalf("free slots %d, want 2", free)
		}
		r := s.do(req{method: "GET", path: list, token: s.nima, ifNoneMatch: `"other", ` + etag})
		if r.status != 304 || len(r.body) != 0 || r.header.Get("ETag") != etag {
			t.Fatalf("revalidating: %d %q %s", r.status, r.header.Get("ETag"), r.body)
		}
		if r := s.do(req{method: "GET", path: list, ifNoneMatch: etag}); r.status != 401 {
			t.Fatalf("revalidating signed out: %d", r.status)
		}

		s.book(t, s.sara, later)
		if n, e := s.freeOf(t, list); n != 1 || e == etag {
			t.Fatalf("after a booking: %d free, ETag %q (was %q)", n, e, etag)
		}
		s.hourSlot(t, first.Add(48*time.Hour))
		if n, _ := s.freeOf(t, list); n != 2 {
			t.Fatalf("after a new slot: %d free", n)
		}
		_, etag = s.freeOf(t, list)
		if r := s.do(req{method: "POST", path: "/api/teacher/profile/", token: s.teacher, body: multipartOf(t, map[string]string{"experience_years": "9"})}); r.status != 200 {
			t.Fatalf("profile: %d %s", r.status, r.body)
		}
		if _, e := s.freeOf(t, list); e == etag {
			t.Fatal("the answer outlived a change of the profile")
		}
		a.clock.Add(2 * time.Hour) // the first slot starts
		if n, _ := s.freeOf(t, list); n != 1 {
			t.Fatalf("once the first slot started: %d free", n)
		}
	})
}

// TestResponseCacheShared: one cached page serves every student, each with
// their own saved marks; a page filtered by free time changes when a
// teacher it did not show opens a slot.
func TestResponseCacheShared(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		s.hourSlot(t, a.clock.Now().Truncate(time.Hour).Add(3*time.Hour))
		maryam := s.userID(t, "maryam")
		if r := s.do(req{method: "POST", path: fmt.Sprintf("/api/teachers/%d/save/", maryam), token: s.sara}); r.status/100 != 2 {
			t.Fatalf("save: %d %s", r.status, r.body)
		}
		saved := func(token string) []any {
			var marks []any
			r := s.do(req{method: "GET", path: "/api/teachers/list/?within=7", token: token})
			for _, c := range r.json(t)["results"].([]any) {
				marks = append(marks, c.(map[string]any)["saved"])
			}
			return marks
		}
		if got := fmt.Sprint(saved(s.sara), saved(s.nima), saved(s.other)); got != "[true] [false] [<nil>]" {
			t.Fatalf("saved marks of sara, nima and a teacher: %s", got)
		}
		// The page with sara's marks is kept beside the shared one; taking
		// the heart back shows her nima's form of it, not the kept one.
		if r := s.do(req{method: "DELETE", path: fmt.Sprintf("/api/teachers/%d/save/", maryam), token: s.sara}); r.status/100 != 2 {
			t.Fatalf("unsave: %d %s", r.status, r.body)
		}
		if got := fmt.Sprint(saved(s.sara)); got != "[false]" {
			t.Fatalf("sara's marks after unsaving: %s", got)
		}
		if r := s.do(req{method: "POST", path: fmt.Sprintf("/api/teachers/%d/save/", maryam), token: s.sara}); r.status/100 != 2 {
			t.Fatalf("save again: %d %s", r.status, r.body)
		}
		if got := fmt.Sprint(saved(s.sara), saved(s.nima)); got != "[true] [false]" {
			t.Fatalf("marks of sara and nima after saving again: %s", got)
		}
		// omid, a teacher with a price and no free time, opens a slot.
		r := s.do(req{method: "POST", path: "/api/teacher/profile/", token: s.other, body: multipartOf(t, map[string]string{
			"timezone": "Asia/Tehran", "language_levels": `[{"language":"English","levels":["B1"],"regular_price":150000}]`,
		})})
		if r.status != 200 {
			t.Fatalf("omid's profile: %d %s", r.status, r.body)
		}
		if got := len(saved(s.nima)); got != 1 {
			t.Fatalf("within 7 days before omid's slot: %d teachers", got)
		}
		from := a.clock.Now().Truncate(time.Hour).Add(5 * time.Hour)
		if r := s.do(req{method: "POST", path: "/api/slot/available/", token: s.other, body: map[string]any{"start": from, "end": from.Add(time.Hour)}}); r.status != 201 {
			t.Fatalf("omid's slot: %d %s", r.status, r.body)
		}
		if got := len(saved(s.nima)); got != 2 {
			t.Fatalf("within 7 days after omid's slot: %d teachers", got)
		}
	})
}

// sharedPostgres is a PostgreSQL schema for the test, its DSN, and a
// function that opens it as one more server process would; it skips the
// test without PostgreSQL.
func sharedPostgres(t *testing.T) (string, func() *sqlstore.DB) {
	if !slices.Contains(storetest.Dialects(), "postgres") {
		t.Skip("several processes share PostgreSQL only; set TEST_DATABASE_URL")
	}
	dsn := storetest.DSN(t, "postgres")
	return dsn, func() *sqlstore.DB {
		db, err := sqlstore.Open(t.Context(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
}

// TestResponseCacheAcrossProcesses: a booking through one server changes
// the cached list of another over the same PostgreSQL, as soon as the
// change's notification reaches it.
func TestResponseCacheAcrossProcesses(t *testing.T) {
	dsn, open := sharedPostgres(t)
	a := newApp(t, open())
	s := newSchool(t, a)
	slot := s.hourSlot(t, a.clock.Now().Truncate(time.Hour).Add(48*time.Hour))
	b := newApp(t, open(), func(srv *httpapi.Server) {
		pg := realtime.NewPostgres(dsn, slog.New(slog.NewTextHandler(io.Discard, nil)))
		pg.Changes = srv.Cache.Changed
		ready := make(chan struct{})
		go pg.Listen(t.Context(), ready)
		<-ready
	})
	other := &school{app: b, sara: b.login("sara", "secret1")}
	const list = "/api/teachers/list/"
	if n, _ := other.freeOf(t, list); n != 1 {
		t.Fatalf("the other server: %d free", n)
	}
	s.book(t, s.sara, slot)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		n, _ := other.freeOf(t, list)
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the other server still offers %d free slots 5 s after the booking", n)
		}
	}
}
