// Package realtime wakes the event streams of users when they have new
// events. The events themselves are in the database; a notification only
// says "look again", so a lost one costs a delay, never a message.
package realtime

import (
	"context"
	"sync"
	"sync/atomic"
)

// Local wakes the streams of this process: all an SQLite server needs.
type Local struct {
	mu      sync.Mutex
	subs    map[int64]map[chan struct{}]struct{}
	streams atomic.Int64
}

// NewLocal returns a notifier for one process.
func NewLocal() *Local {
	return &Local{subs: map[int64]map[chan struct{}]struct{}{}}
}

// Notify implements zabano.Notifier.
func (l *Local) Notify(_ context.Context, userIDs ...int64) error {
	l.wake(userIDs...)
	return nil
}

// wake signals every subscription of the users. A subscription that was
// already signalled stays signalled once: one look finds all new events.
func (l *Local) wake(userIDs ...int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, id := range userIDs {
		for ch := range l.subs[id] {
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	}
}

// wakeAll signals every subscription, after a gap in which notifications
// may have been lost.
func (l *Local) wakeAll() {
	l.mu.Lock()
	ids := make([]int64, 0, len(l.subs))
	for id := range l.subs {
		ids = append(ids, id)
	}
	l.mu.Unlock()
	l.wake(ids...)
}

// Subscribe implements zabano.Notifier.
func (l *Local) Subscribe(userID int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	l.mu.Lock()
	if l.subs[userID] == nil {
		l.subs[userID] = map[chan struct{}]struct{}{}
	}
	l.subs[userID][ch] = struct{}{}
	l.mu.Unlock()
	l.streams.Add(1)
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			l.mu.Lock()
			delete(l.subs[userID], ch)
			if len(l.subs[userID]) == 0 {
				delete(l.subs, userID)
			}
			l.mu.Unlock()
			l.streams.Add(-1)
		})
	}
}

// Streams is how many subscriptions are open.
func (l *Local) Streams() int64 { return l.streams.Load() }
