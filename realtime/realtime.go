// Package realtime hands committed events to the event streams of their
// users. The events themselves are in the database: a batch lost on the way
// (a stream too far behind, a listener reconnecting) is replaced by an empty
// one, which sends the stream to the database, so a loss costs a query,
// never an event.
package realtime

import (
	"sync"

	"github.com/zabano/zabano"
)

// backlog is how many batches a subscription holds for its stream; a
// stream further behind is told to look in the database instead.
const backlog = 16

// Local hands events to the streams of this process: all an SQLite server
// needs.
type Local struct {
	mu   sync.Mutex
	subs map[int64]map[chan []zabano.Event]struct{}
}

// NewLocal returns a notifier for one process.
func NewLocal() *Local {
	return &Local{subs: map[int64]map[chan []zabano.Event]struct{}{}}
}

// Publish implements zabano.Notifier.
func (l *Local) Publish(events []zabano.Event) {
	byUser := map[int64][]zabano.Event{}
	for _, e := range events {
		byUser[e.UserID] = append(byUser[e.UserID], e)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for id, list := range byUser {
		for ch := range l.subs[id] {
			push(ch, list)
		}
	}
}

// push hands a subscription a batch. One whose backlog is full gets, in
// place of all it holds, an empty batch: its stream looks in the database.
// Senders hold l.mu, so after the drain there is room.
func push(ch chan []zabano.Event, batch []zabano.Event) {
	select {
	case ch <- batch:
		return
	default:
	}
	for len(ch) > 0 {
		select {
		case <-ch:
		default:
		}
	}
	select {
	case ch <- nil:
	default:
	}
}

// lookAll sends every stream to the database, after a gap in which events
// may have been lost.
func (l *Local) lookAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, subs := range l.subs {
		for ch := range subs {
			push(ch, nil)
		}
	}
}

// Subscribe implements zabano.Notifier.
func (l *Local) Subscribe(userID int64) (<-chan []zabano.Event, func()) {
	ch := make(chan []zabano.Event, backlog)
	l.mu.Lock()
	if l.subs[userID] == nil {
		l.subs[userID] = map[chan []zabano.Event]struct{}{}
	}
	l.subs[userID][ch] = struct{}{}
	l.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			l.mu.Lock()
			delete(l.subs[userID], ch)
			if len(l.subs[userID]) == 0 {
				delete(l.subs, userID)
			}
			l.mu.Unlock()
		})
	}
}
