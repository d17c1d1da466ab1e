package realtime_test

import (
	"testing"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/realtime"
)

// taken is what a subscription holds, without waiting.
func taken(ch <-chan []zabano.Event) (batches [][]zabano.Event) {
	for {
		select {
		case b := <-ch:
			batches = append(batches, b)
		default:
			return batches
		}
	}
}

// TestLocal: each subscription of a user gets the user's events of a batch,
// in order, and nobody else's; one that falls too far behind gets an empty
// batch in place of those it held, which sends its stream to the database;
// an ended one gets nothing.
func TestLocal(t *testing.T) {
	l := realtime.NewLocal()
	sara, stopSara := l.Subscribe(1)
	tab1, stop1 := l.Subscribe(2)
	tab2, stop2 := l.Subscribe(2)
	defer stop2()
	l.Publish([]zabano.Event{{ID: 10, UserID: 2}, {ID: 11, UserID: 1}, {ID: 12, UserID: 2}})
	for _, tab := range []<-chan []zabano.Event{tab1, tab2} {
		got := taken(tab)
		if len(got) != 1 || len(got[0]) != 2 || got[0][0].ID != 10 || got[0][1].ID != 12 {
			t.Fatalf("the teacher's tab: %+v", got)
		}
	}
	if got := taken(sara); len(got) != 1 || len(got[0]) != 1 || got[0][0].ID != 11 {
		t.Fatalf("sara: %+v", got)
	}

	for i := range 100 {
		l.Publish([]zabano.Event{{ID: int64(100 + i), UserID: 1}})
	}
	// What it held when it fell behind is replaced by an empty batch; what
	// came after waits behind it, for the stream to skip or show after its look.
	if got := taken(sara); len(got) == 0 || got[0] != nil || len(got) > 16 || got[len(got)-1][0].ID != 199 {
		t.Fatalf("a subscription 100 batches behind holds %d batches: %v", len(got), got)
	}

	stop1()
	stop1() // twice is harmless
	stopSara()
	l.Publish([]zabano.Event{{ID: 300, UserID: 2}, {ID: 301, UserID: 1}})
	if got := taken(tab1); len(got) != 0 {
		t.Fatalf("an ended subscription got %+v", got)
	}
	if got := taken(tab2); len(got) != 1 || got[0][0].ID != 300 {
		t.Fatalf("the tab still open: %+v", got)
	}
}
