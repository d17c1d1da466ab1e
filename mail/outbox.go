package mail

import (
	"context"
	"log/slog"
	"sync"
)

// outboxSize is how many recent messages the Outbox keeps.
const outboxSize = 200

// Outbox is the dev Transport: it logs each message and keeps the recent
// ones in memory, so a developer or an end-to-end test can read them. It
// sends nothing.
type Outbox struct {
	Logger *slog.Logger

	mu       sync.Mutex
	messages []Message // oldest first
}

// Deliver implements Transport.
func (o *Outbox) Deliver(ctx context.Context, m *Message) error {
	o.Logger.InfoContext(ctx, "email (dev outbox)", "to", m.To, "subject", m.Subject)
	o.mu.Lock()
	defer o.mu.Unlock()
	o.messages = append(o.messages, *m)
	if len(o.messages) > outboxSize {
		o.messages = o.messages[len(o.messages)-outboxSize:]
	}
	return nil
}

// Messages returns the kept messages to the address to, or all when to is
// "", latest first.
func (o *Outbox) Messages(to string) []Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := []Message{}
	for i := len(o.messages) - 1; i >= 0; i-- {
		if to == "" || o.messages[i].To == to {
			out = append(out, o.messages[i])
		}
	}
	return out
}
