package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestGroupCommit: SQLite's writes that wait while another commits are
// committed together, and each stands or falls alone: a write that fails,
// panics, or whose caller stopped waiting leaves nothing, and the writes
// beside it commit. A write whose caller stops waiting leaves the queue.
func TestGroupCommit(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	ctx := context.Background()
	insert := func(key string) string {
		return fmt.Sprintf(`INSERT INTO rate_events (key, at) VALUES ('group:%s', 1)`, key)
	}
	ok := func() error { return nil }

	// The first write holds its turn until the others wait behind it.
	started, hold := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- db.ExecThen(ctx, insert("first"), func() error { close(started); <-hold; return nil })
	}()
	<-started

	refused := errors.New("refused")
	cancelled, cancel := context.WithCancel(ctx)
	writes := map[string]struct {
		ctx  context.Context
		then func() error
		want error
	}{
		"kept":      {ctx, ok, nil},
		"refused":   {ctx, func() error { return refused }, refused},
		"panicked":  {ctx, func() error { panic("boom") }, errors.New("panic: boom")},
		"cancelled": {cancelled, ok, context.Canceled},
		"kept too":  {ctx, ok, nil},
	}
	var wg sync.WaitGroup
	got := map[string]error{}
	var mu sync.Mutex
	for key, w := range writes {
		wg.Go(func() {
			var err error
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("panic: %v", p)
				}
				mu.Lock()
				got[key] = err
				mu.Unlock()
			}()
			err = db.ExecThen(w.ctx, insert(key), w.then)
		})
	}
	waiting := func(want int) {
		deadline := time.Now().Add(10 * time.Second)
		for db.PendingWrites() != want {
			if time.Now().After(deadline) {
				t.Fatalf("%d writes wait, want %d", db.PendingWrites(), want)
			}
			time.Sleep(time.Millisecond)
		}
	}
	waiting(len(writes))
	// The write whose caller stops waiting leaves the queue at once.
	cancel()
	waiting(len(writes) - 1)
	close(hold)
	wg.Wait()
	if err := <-first; err != nil {
		t.Fatal(err)
	}

	for key, w := range writes {
		err := got[key]
		if w.want == nil && err != nil || w.want != nil && (err == nil || !errors.Is(err, w.want) && err.Error() != w.want.Error()) {
			t.Errorf("%s: %v, want %v", key, err, w.want)
		}
		n, err := db.Count(ctx, "rate_events WHERE key = 'group:"+key+"'")
		if want := map[bool]int{true: 1, false: 0}[w.want == nil]; err != nil || n != want {
			t.Errorf("%s: %d rows (%v), want %d", key, n, err, want)
		}
	}
	if n, err := db.Count(ctx, "rate_events WHERE key = 'group:first'"); err != nil || n != 1 {
		t.Errorf("first: %d rows (%v)", n, err)
	}
}
