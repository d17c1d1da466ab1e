// Package sms sends verification codes and notifications: the log driver
// with a dev outbox for development, and Kavenegar's verify-lookup API for
// production. Each driver is the SMS channel's zabano.ChannelSender too.
package sms

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/zabano/zabano"
)

// Message is one text sent through the log driver: a verification code, or
// a notification of Kind (with Code "").
type Message struct {
	Phone  string                  `json:"phone"`
	Code   string                  `json:"code"`
	Kind   zabano.NotificationKind `json:"kind,omitempty"`
	Text   string                  `json:"text"`
	SentAt time.Time               `json:"sent_at"`
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
	l.Logger.InfoContext(ctx, "sms (dev outbox)", "phone", phone, "code", code)
	l.keep(Message{Phone: phone, Code: code, Text: Text(code), SentAt: l.Now().UTC()})
	return nil
}

// Send implements zabano.ChannelSender: the notification's text is kept
// in the outbox.
func (l *Log) Send(ctx context.Context, o *zabano.Outgoing) error {
	phone, err := address(o)
	if err != nil {
		return err
	}
	text := NotificationText(o)
	l.Logger.InfoContext(ctx, "sms (dev outbox)", "phone", phone, "kind", o.Notification.Kind)
	l.keep(Message{Phone: phone, Kind: o.Notification.Kind, Text: text, SentAt: l.Now().UTC()})
	return nil
}

// keep adds m to the outbox, dropping the oldest beyond outboxSize.
func (l *Log) keep(m Message) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.outbox = append(l.outbox, m)
	if len(l.outbox) > outboxSize {
		l.outbox = l.outbox[len(l.outbox)-outboxSize:]
	}
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

// address is the phone a notification is texted to: zabano.ErrNoAddress
// for a recipient without one, such as a deleted account.
func address(o *zabano.Outgoing) (string, error) {
	phone, ok := zabano.NormalizePhone(o.To.Phone)
	if !ok || o.To.Deleted() {
		return "", zabano.ErrNoAddress
	}
	return phone, nil
}

// NotificationText is the text of a notification by SMS, in the
// recipient's language, its times in their zone.
func NotificationText(o *zabano.Outgoing) string {
	lang := o.Prefs.Language
	n := o.Notification
	return zabano.Msg{En: "Zabano", Fa: "زبانو"}.In(lang) + ": " + n.Title().In(lang) + "\n" + n.Text(o.Prefs.Location()).In(lang)
}
