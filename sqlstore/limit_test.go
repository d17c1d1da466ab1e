package sqlstore_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

func TestLimiterSlidingWindow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		clock := storetest.NewClock(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		for i := range 3 {
			if err := db.Take(ctx, "k", 3, 10*time.Minute); err != nil {
				t.Fatalf("take %d: %v", i, err)
			}
			clock.Add(time.Minute)
		}
		err := db.Take(ctx, "k", 3, 10*time.Minute)
		e, ok := err.(*zabano.Error)
		if !ok || e.Code != zabano.ETOOMANY || e.RetryAfter != 7*time.Minute {
			t.Fatalf("fourth take: %v (retry %v), want too many, retry 7m", err, e.RetryAfter)
		}
		clock.Add(7 * time.Minute) // the first event leaves the window
		if err := db.Take(ctx, "k", 3, 10*time.Minute); err != nil {
			t.Fatalf("after the oldest left: %v", err)
		}
		if err := db.Take(ctx, "other", 3, 10*time.Minute); err != nil {
			t.Fatalf("keys are separate: %v", err)
		}
		// A limit of none refuses at once: no taken place will free, so the wait is the least one, a second.
		if e, ok := db.Take(ctx, "none", 0, time.Minute).(*zabano.Error); !ok || e.Code != zabano.ETOOMANY || e.RetryAfter != time.Second {
			t.Fatalf("a limit of 0: %v", e)
		}
		for range 2 {
			if err := db.Take(ctx, "h", 2, time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Return(ctx, "h"); err != nil {
			t.Fatal(err)
		}
		if err := db.Take(ctx, "h", 2, time.Minute); err != nil {
			t.Fatalf("after a return: %v", err)
		}
		if err := db.Take(ctx, "h", 2, time.Minute); zabano.ErrorCode(err) != zabano.ETOOMANY {
			t.Fatalf("a return gives back one place only: %v", err)
		}
		if err := db.Clear(ctx, "h"); err != nil {
			t.Fatal(err)
		}
		if err := db.Take(ctx, "h", 1, time.Minute); err != nil {
			t.Fatalf("after clear: %v", err)
		}
		clock.Add(time.Hour)
		if err := db.PruneRateEvents(ctx, time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := db.Take(ctx, "k", 1, 24*time.Hour); err != nil {
			t.Fatalf("after prune: %v", err)
		}
	})
}

func TestLimiterConcurrentTakes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		taken := 0
		for range 30 {
			wg.Go(func() {
				err := db.Take(ctx, "race", 3, time.Hour)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					taken++
				} else if zabano.ErrorCode(err) != zabano.ETOOMANY {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if taken != 3 {
			t.Fatalf("%d takes succeeded, want 3", taken)
		}
	})
}

// TestLockKeyIsTheSchemas: on PostgreSQL a limit's lock holds back the
// same key in its own schema only, not another deployment's (or test's)
// in another schema of the same database.
func TestLockKeyIsTheSchemas(t *testing.T) {
	if !slices.Contains(storetest.Dialects(), "postgres") {
		t.Skip("PostgreSQL only (TEST_DATABASE_URL): SQLite has one writer per file and no shared locks")
	}
	a, b := storetest.Open(t, "postgres"), storetest.Open(t, "postgres")
	err := a.HoldingKey(ctx, "login:sara", func() {
		short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		if err := a.Take(short, "login:sara", 10, time.Minute); err == nil {
			t.Error("the same schema took the key while it was held")
		}
		other, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := b.Take(other, "login:sara", 10, time.Minute); err != nil {
			t.Errorf("another schema waited on the key: %v", err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}
