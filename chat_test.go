package zabano_test

import (
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// TestEventsPayload: events travel to other processes with what a stream
// shows of them, but a notification's, which is worded for its reader;
// a message too long for a PostgreSQL notification is left out, and its
// event then sends the stream to the database.
func TestEventsPayload(t *testing.T) {
	at := time.Date(2026, 11, 24, 9, 30, 0, 0, time.UTC)
	msg := &zabano.Message{ID: 7, ChatID: 3, SenderID: 5, Content: "سلام، class at 18:00?", CreatedAt: at,
		Attachment: &zabano.Attachment{Key: "chat/a.png", Name: "تمرین.png", Size: 1234}}
	events := []zabano.Event{
		{ID: 10, UserID: 5, PrevID: 4, Type: "message", ChatID: 3, Message: msg, CreatedAt: at},
		{ID: 11, UserID: 6, PrevID: 0, Type: "message", ChatID: 3, Message: msg, CreatedAt: at},
		{ID: 12, UserID: 6, PrevID: 11, Type: "seen", ChatID: 3, ReadID: 7, CreatedAt: at},
		{ID: 13, UserID: 6, PrevID: 12, Type: "notification", Notification: &zabano.Notification{ID: 9, Kind: zabano.KindClassBooked}},
	}
	got, err := zabano.ParseEventsPayload(zabano.EventsPayload(events))
	if err != nil || len(got) != len(events) {
		t.Fatalf("parsed: %+v, %v", got, err)
	}
	for i, e := range got {
		want := events[i]
		if e.ID != want.ID || e.UserID != want.UserID || e.PrevID != want.PrevID || e.Type != want.Type ||
			e.ChatID != want.ChatID || e.ReadID != want.ReadID || !e.CreatedAt.Equal(want.CreatedAt) {
			t.Errorf("event %d: %+v, want %+v", i, e, want)
		}
		if e.Notification != nil {
			t.Errorf("event %d carried its notification", i)
		}
		if carried := want.Type != "notification"; e.Carried() != carried {
			t.Errorf("event %d (%s) carried: %v, want %v", i, e.Type, e.Carried(), carried)
		}
	}
	if m := got[1].Message; m == nil || m.Content != msg.Content || m.SenderID != 5 || !m.CreatedAt.Equal(at) ||
		m.Attachment == nil || *m.Attachment != *msg.Attachment {
		t.Fatalf("the message: %+v", m)
	}

	long := *msg
	long.Content = strings.Repeat("س", zabano.MaxMessageLength)
	events[0].Message, events[1].Message = &long, &long
	payload := zabano.EventsPayload(events)
	if len(payload) >= 8000 {
		t.Fatalf("a payload of %d bytes: PostgreSQL takes fewer than 8,000", len(payload))
	}
	got, err = zabano.ParseEventsPayload(payload)
	if err != nil || len(got) != len(events) || got[0].Carried() || got[0].PrevID != 4 || !got[2].Carried() {
		t.Fatalf("with a long message: %+v, %v", got, err)
	}
	if _, err := zabano.ParseEventsPayload("12,13"); err == nil {
		t.Fatal("read a payload that is not one")
	}
}
