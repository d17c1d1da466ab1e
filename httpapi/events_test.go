package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/httpapi"
	"github.com/zabano/zabano/realtime"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// chatOf opens the chat of sara and maryam in s and returns a function that
// sends text in it as token.
func chatOf(t *testing.T, s *school) func(token, text string) {
	r := s.do(req{method: "POST", path: "/api/chat/create/", token: s.sara, body: map[string]any{"teacher_id": s.userID(t, "maryam")}})
	if r.status != 200 {
		t.Fatalf("chat: %d %s", r.status, r.body)
	}
	chat := r.json(t)["id"]
	return func(token, text string) {
		t.Helper()
		if r := s.do(req{method: "POST", path: "/api/messages/send/", token: token, body: map[string]any{"chat_id": chat, "content": text}}); r.status != 201 {
			t.Fatalf("send: %d %s", r.status, r.body)
		}
	}
}

// content is the text of the message a "message" event carries.
func content(e sseEvent) string {
	msg, _ := e.data["message"].(map[string]any)
	text, _ := msg["content"].(string)
	return text
}

// TestEventStreamLimits opens more streams than a user and the process may
// hold: a user's new stream ends their oldest, which is told to come back
// slowly, and past the process's cap a stream is refused with Retry-After.
func TestEventStreamLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		a := newApp(t, db, func(s *httpapi.Server) { s.Streams.PerUser, s.Streams.PerProcess = 5, 8 })
		s := newSchool(t, a)
		send := chatOf(t, s)
		var streams []*liveStream
		for range 5 {
			streams = append(streams, a.liveStream(t, s.teacher, ""))
		}
		streams = append(streams, a.liveStream(t, s.teacher, ""))
		ended(t, streams[0].events)
		if streams[0].retry != "30000" {
			t.Errorf("the ended stream asks to come back after %q ms", streams[0].retry)
		}
		send(s.sara, "hello")
		for i, st := range streams[1:] {
			if e := next(t, st.events); content(e) != "hello" {
				t.Fatalf("stream %d: %+v", i+1, e)
			}
		}

		// The process holds 5 of 8.
		for range 3 {
			a.liveStream(t, s.sara, "")
		}
		r := a.do(req{method: "GET", path: "/api/events/", token: s.nima})
		if r.status != 503 || r.header.Get("Retry-After") != "30" ||
			r.json(t)["detail"] != "The server has too many live connections right now. Please try again shortly." {
			t.Fatalf("a ninth stream: %d %v %s", r.status, r.header, r.body)
		}
	})
}

// TestEventStreamLifetime lets streams outlive their lifetime: the server
// ends them, and a client that comes back with its last event id gets what
// was sent meanwhile.
func TestEventStreamLifetime(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		a := newApp(t, db, func(s *httpapi.Server) { s.Streams.Lifetime = 200 * time.Millisecond })
		s := newSchool(t, a)
		send := chatOf(t, s)
		send(s.sara, "before")
		// From the first event on: what is pending is sent before the lifetime can end a stream.
		first := ended(t, a.openStream(t, s.teacher, "0"))
		if len(first) == 0 || content(first[len(first)-1]) != "before" {
			t.Fatalf("first stream: %+v", first)
		}
		for i := range 3 {
			send(s.sara, fmt.Sprintf("after %d", i))
		}
		second := a.openStream(t, s.teacher, first[len(first)-1].id)
		for i := range 3 {
			if e := next(t, second); content(e) != fmt.Sprintf("after %d", i) {
				t.Fatalf("after reconnecting, event %d: %+v", i, e)
			}
		}
	})
}

// countedChats counts a server's reads of events from the database.
type countedChats struct {
	zabano.ChatStore
	reads atomic.Int32
}

func (c *countedChats) EventsAfter(ctx context.Context, userID, after int64, limit int) ([]zabano.Event, error) {
	c.reads.Add(1)
	return c.ChatStore.EventsAfter(ctx, userID, after, limit)
}

// countReads makes a server count its reads of events.
func countReads(chats *countedChats) func(*httpapi.Server) {
	return func(s *httpapi.Server) { chats.ChatStore, s.Chats = s.Chats, chats }
}

// TestEventStreamFollowsPushes: a live stream shows the events that follow
// its last as they are handed to it, without reading the database; one that
// does not follow sends it to the database once, and what it shows stays
// whole and in order.
func TestEventStreamFollowsPushes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		var chats countedChats
		a := newApp(t, db, countReads(&chats))
		s := newSchool(t, a)
		send := chatOf(t, s)
		send(s.sara, "before the stream")
		stream := a.openStream(t, s.teacher, "")
		for i := range 3 {
			send(s.sara, fmt.Sprintf("live %d", i))
			if e := next(t, stream); e.event != "message" || content(e) != fmt.Sprintf("live %d", i) {
				t.Fatalf("live %d: %+v", i, e)
			}
		}
		if n := chats.reads.Load(); n != 0 {
			t.Fatalf("the stream read the database %d times for events handed to it", n)
		}

		teacherID := a.userID(t, "maryam")
		a.notifier.Publish([]zabano.Event{{ID: 1 << 40, PrevID: 1<<40 - 1, UserID: teacherID, Type: "read", ChatID: 1}})
		send(s.sara, "after a gap")
		if e := next(t, stream); content(e) != "after a gap" {
			t.Fatalf("after an event that does not follow: %+v", e)
		}
		if n := chats.reads.Load(); n != 1 {
			t.Fatalf("%d reads after an event that does not follow, want 1", n)
		}
		select {
		case e := <-stream:
			t.Fatalf("an event shown twice or invented: %+v", e)
		case <-time.After(100 * time.Millisecond):
		}
	})
}

// TestEventsAcrossProcesses: a message sent through one server reaches a
// stream on another over the same PostgreSQL, carried by the notification
// of its commit, so that stream does not read the database; a message too
// long for a notification arrives whole all the same, read from the database.
func TestEventsAcrossProcesses(t *testing.T) {
	dsn, open := sharedPostgres(t)
	a := newApp(t, open())
	s := newSchool(t, a)
	send := chatOf(t, s)
	var chats countedChats
	b := newApp(t, open(), countReads(&chats), func(srv *httpapi.Server) {
		pg := realtime.NewPostgres(dsn, slog.New(slog.NewTextHandler(io.Discard, nil)))
		ready := make(chan struct{})
		go pg.Listen(t.Context(), ready)
		<-ready
		srv.Notifier = pg
	})
	stream := b.openStream(t, b.login("maryam", "secret1"), "")
	send(s.sara, "سلام from the other server")
	if e := next(t, stream); content(e) != "سلام from the other server" {
		t.Fatalf("on the other server: %+v", e)
	}
	if n := chats.reads.Load(); n != 0 {
		t.Fatalf("the other server read the database %d times for a message its notification carried", n)
	}
	long := strings.Repeat("س", zabano.MaxMessageLength)
	send(s.sara, long)
	if e := next(t, stream); content(e) != long {
		t.Fatalf("a long message on the other server: %d letters", len([]rune(content(e))))
	}
	if n := chats.reads.Load(); n != 1 {
		t.Fatalf("%d reads for a message too long for its notification, want 1", n)
	}
}
