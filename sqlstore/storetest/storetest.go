// Package storetest opens real databases for tests: SQLite always, and
// PostgreSQL when TEST_DATABASE_URL is set, each test in a schema of its own.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano/sqlstore"
)

// Clock is a settable clock for tests.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock standing at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Each runs fn as a subtest once per database: "sqlite", and "postgres" when
// TEST_DATABASE_URL is set.
func Each(t *testing.T, fn func(t *testing.T, db *sqlstore.DB)) {
	t.Helper()
	for _, name := range Dialects() {
		t.Run(name, func(t *testing.T) {
			fn(t, Open(t, name))
		})
	}
}

// Dialects lists the databases this run tests on.
func Dialects() []string {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		return []string{"sqlite", "postgres"}
	}
	return []string{"sqlite"}
}

// DSN returns a fresh, empty database of the dialect for tb, removed when tb ends.
func DSN(tb testing.TB, dialect string) string {
	tb.Helper()
	if dialect == "sqlite" {
		return filepath.Join(tb.TempDir(), "zabano.db")
	}
	base := os.Getenv("TEST_DATABASE_URL")
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatal(err)
	}
	defer admin.Close()
	b := make([]byte, 6)
	rand.Read(b)
	schema := "test_" + hex.EncodeToString(b)
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Open opens a fresh database of the dialect for tb, closed when tb ends.
func Open(tb testing.TB, dialect string) *sqlstore.DB {
	tb.Helper()
	db, err := sqlstore.Open(context.Background(), DSN(tb, dialect))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}
