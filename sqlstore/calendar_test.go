package sqlstore_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestCalendarTokens: a member's first looks at once make one token; a reset
// replaces it; a deleted or suspended member's feed is not found.
func TestCalendarTokens(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		sara := m.student("sara", classPrice)
		nima := m.student("nima", 0)

		var wg sync.WaitGroup
		tokens := make([]string, 8)
		errs := make([]error, len(tokens))
		for i := range tokens {
			wg.Go(func() { tokens[i], errs[i] = db.CalendarToken(ctx, sara.ID, fmt.Sprintf("fresh-%d", i)) })
		}
		wg.Wait()
		for i := range tokens {
			if errs[i] != nil || tokens[i] != tokens[0] {
				t.Fatalf("first looks at once: %q %v, and %q", tokens[i], errs[i], tokens[0])
			}
		}
		if again, err := db.CalendarToken(ctx, sara.ID, "unused"); err != nil || again != tokens[0] {
			t.Fatalf("a later look: %q %v", again, err)
		}
		b, err := m.book(sara, m.slot(48*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		u, list, err := db.CalendarFeed(ctx, tokens[0], m.clock.Now())
		if err != nil || u.ID != sara.ID || len(list) != 1 || list[0].ID != b.ID || list[0].Sequence != 0 || !list[0].Modified.Equal(b.CreatedAt) {
			t.Fatalf("feed: %+v %+v %v", u, list, err)
		}
		if _, list, _ := db.CalendarFeed(ctx, tokens[0], b.Start.Add(time.Minute)); len(list) != 0 {
			t.Fatalf("a class before from: %+v", list)
		}
		if c, err := db.CalendarClass(ctx, m.teacher.ID, b.ID); err != nil || c.ID != b.ID || c.Student.Username != "sara" {
			t.Fatalf("the teacher's class: %+v %v", c, err)
		}
		if _, err := db.CalendarClass(ctx, nima.ID, b.ID); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("another's class: %v", err)
		}

		// Cancelled: a revision more, dated by the cancellation.
		m.clock.Add(time.Hour)
		if _, err := db.CancelByTeacher(ctx, m.teacher.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		if _, list, _ := db.CalendarFeed(ctx, tokens[0], m.clock.Now()); len(list) != 1 || list[0].Status != zabano.StatusCancelled ||
			list[0].Sequence != 1 || !list[0].Modified.Equal(m.clock.Now()) {
			t.Fatalf("the cancelled class: %+v", list)
		}

		if err := db.ResetCalendarToken(ctx, sara.ID, "renewed"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.CalendarFeed(ctx, tokens[0], m.clock.Now()); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("the old token: %v", err)
		}
		if u, _, err := db.CalendarFeed(ctx, "renewed", m.clock.Now()); err != nil || u.ID != sara.ID {
			t.Fatalf("the new token: %v", err)
		}
		if err := db.ResetCalendarToken(ctx, nima.ID, "nima's first"); err != nil {
			t.Fatal(err)
		}
		if got, err := db.CalendarToken(ctx, nima.ID, "unused"); err != nil || got != "nima's first" {
			t.Fatalf("a reset before any look makes the token: %q %v", got, err)
		}

		ops, err := zabano.NewOperator("ops", "09121000109", "operator-secret")
		if err == nil {
			err = db.CreateOperator(ctx, ops)
		}
		if err == nil {
			_, err = db.SuspendUser(ctx, ops.ID, sara.ID, "spam")
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.CalendarFeed(ctx, "renewed", m.clock.Now()); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("a suspended member's feed: %v", err)
		}
		if _, err := db.DeleteAccount(ctx, nima.ID); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.CalendarFeed(ctx, "nima's first", m.clock.Now()); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("a deleted member's feed: %v", err)
		}
	})
}
