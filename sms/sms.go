// Package sms sends verification codes: the log driver with a dev outbox for
// development, and Kavenegar's verify-lookup API for production.
package sms

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Message is one text sent through the log driver.
type Message struct {
	Phone  string    `json:"phone"`
	Code   string    `json:"code"`
	Text   string    `json:"text"`
	SentAt time.Time `json:"sent_at"`
}

// outboxSize is how many recent messages the log driver keeps.
const outboxSize = 200

// Log writes codes to the log and keeps the recent ones in memory, so a
// developer or an end-to-end test can read them. It sends nothing.
type Log struct {
	Logger *slog.Logger
	Now    func() time.Time

	mu     sync.Mutex
	outbox []Message // oldest first
}

// SendCode implements zabano.SMSSender.
func (l *Log) SendCode(ctx context.Context, phone, code string) error {
	m := Message{Phone: phone, Code: code, Text: Text(code), SentAt: l.Now().UTC()}
	l.Logger.InfoContext(ctx, "sms (dev outbox)", "phone", phone, "code", code)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.outbox = append(l.outbox, m)
	if len(l.outbox) > outboxSize {
		l.outbox = l.outbox[len(l.outbox)-outboxSize:]
	}
	return nil
}

// Outbox returns the kept messages to phone, or all when phone is "", latest first.
func (l *Log) Outbox(phone string) []Message {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := []Message{}
	for i := len(l.outbox) - 1; i >= 0; i-- {
		if phone == "" || l.outbox[i].Phone == phone {
			out = append(out, l.outbox[i])
		}
	}
	return out
}

// Text is the message that carries code.
func Text(code string) string {
	return fmt.Sprintf("زبانو\nکد تأیید شما: %s\nZabano verification code: %s", code, code)
}
