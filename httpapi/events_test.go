package httpapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/zabano/zabano/httpapi"
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
