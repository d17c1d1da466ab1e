package sqlstore_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestPreparedStatements: a statement is prepared after the transaction
// that first ran it and answers the same from then on; a statement that
// fails is not kept; and writers that each hold SQLite's one writing
// connection while their statements are prepared do not wait on each other.
func TestPreparedStatements(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		const count = "SELECT count(*) FROM users"
		if db.Prepared(count) {
			t.Fatal("prepared before it ran")
		}
		before, err := db.Count(ctx, "users")
		if err != nil || !db.Prepared(count) {
			t.Fatalf("after a first run: prepared %v, %v", db.Prepared(count), err)
		}
		const bad = "INSERT INTO no_such_table VALUES (1)"
		for range 2 {
			if err := db.Exec(ctx, bad); err == nil {
				t.Fatal("a statement on a missing table ran")
			}
		}
		if db.Prepared(bad) {
			t.Error("a failing statement was kept")
		}

		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			wg.Go(func() {
				// Twenty shapes, each new to the cache at first.
				errs <- db.Exec(ctx, fmt.Sprintf(`UPDATE users SET first_name = first_name WHERE id = %d`, -1-i%20))
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if after, err := db.Count(ctx, "users"); err != nil || after != before {
			t.Errorf("count through the prepared statement: %d, %v; want %d", after, err, before)
		}
	})
}

// TestReadOne: a read of one statement runs outside a transaction, prepared
// from its second call on, and refuses a second statement.
func TestReadOne(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		mustUser(t, db, "sara", zabano.RoleStudent)
		for range 2 {
			if n, err := db.CountsInOne(ctx, "users"); err != nil || n[0] != 1 {
				t.Fatalf("users: %v %v", n, err)
			}
		}
		if !db.Prepared("SELECT count(*) FROM users") {
			t.Error("not prepared after its first run")
		}
		if _, err := db.CountsInOne(ctx, "users", "slots"); err == nil {
			t.Fatal("a second statement ran")
		}
	})
}
