package sqlstore_test

import (
	"context"
	"testing"

	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

func TestExclusive(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		// One process serves an SQLite database: its jobs always run.
		db := storetest.Open(t, "sqlite")
		n, ran, err := db.Exclusive(ctx, "settle", func(context.Context) (int, error) { return 3, nil })
		if n != 3 || !ran || err != nil {
			t.Fatalf("%d, %v, %v", n, ran, err)
		}
	})
	for _, dialect := range storetest.Dialects() {
		if dialect != "postgres" {
			continue
		}
		t.Run(dialect, func(t *testing.T) {
			// Two handles on one schema are two processes as far as PostgreSQL knows.
			dsn := storetest.DSN(t, dialect)
			open := func() *sqlstore.DB {
				db, err := sqlstore.Open(ctx, dsn)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				return db
			}
			one, other := open(), open()
			started, release := make(chan struct{}), make(chan struct{})
			done := make(chan error)
			go func() {
				_, _, err := one.Exclusive(ctx, "settle", func(context.Context) (int, error) {
					close(started)
					<-release
					return 1, nil
				})
				done <- err
			}()
			<-started
			if _, ran, err := other.Exclusive(ctx, "settle", func(context.Context) (int, error) {
				t.Error("ran while the other process held the job")
				return 0, nil
			}); ran || err != nil {
				t.Fatalf("held elsewhere: ran %v, %v", ran, err)
			}
			if _, ran, err := other.Exclusive(ctx, "expire payments", func(context.Context) (int, error) { return 0, nil }); !ran || err != nil {
				t.Fatalf("another job: ran %v, %v", ran, err)
			}
			close(release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if n, ran, err := other.Exclusive(ctx, "settle", func(context.Context) (int, error) { return 2, nil }); n != 2 || !ran || err != nil {
				t.Fatalf("after release: %d, %v, %v", n, ran, err)
			}
		})
	}
}
