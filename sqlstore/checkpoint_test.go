package sqlstore_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"net/url"
	"testing"
	"time"

	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestCheckpointer: a commit reaches SQLite's database file, not only its
// WAL, with nobody checkpointing but the checkpointer: the writer itself
// waits for 10,000 pages, and this writes a few.
func TestCheckpointer(t *testing.T) {
	ctx := context.Background()
	path := storetest.DSN(t, "sqlite")
	db, err := sqlstore.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Exec(ctx, `INSERT INTO rate_events (key, at) VALUES ('checkpointed', 1)`); err != nil {
		t.Fatal(err)
	}
	// immutable=1 reads the database file alone, as if it had no WAL.
	file, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?immutable=1")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	file.SetMaxOpenConns(1)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		// A connection of immutable=1 keeps what it read: a new one each time.
		conn, err := file.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		err = conn.QueryRowContext(ctx, `SELECT count(*) FROM rate_events WHERE key = 'checkpointed'`).Scan(&n)
		conn.Raw(func(any) error { return driver.ErrBadConn }) // the pool drops it
		conn.Close()
		if err == nil && n == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the commit is not in the database file 10 s later: %d rows, %v", n, err)
		}
	}
}
