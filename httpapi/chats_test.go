package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
)

// sseEvent is one server-sent event read from a stream.
type sseEvent struct {
	id, event string
	data      map[string]any
}

// openStream opens GET /api/events/ as token (after lastID when not "") and
// returns the events as they arrive; the stream closes when t ends.
func (a *app) openStream(t *testing.T, token, lastID string) <-chan sseEvent {
	t.Helper()
	return a.liveStream(t, token, lastID).events
}

// liveStream is an open event stream: its events, closed when the server
// ends the stream, and the last retry delay the server asked for, to read
// once events is closed.
type liveStream struct {
	events <-chan sseEvent
	retry  string
}

// liveStream opens GET /api/events/ as token (after lastID when not "");
// the stream closes when t ends.
func (a *app) liveStream(t *testing.T, token, lastID string) *liveStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	r, _ := http.NewRequestWithContext(ctx, "GET", a.srv.URL+"/api/events/", nil)
	r.Header.Set("Authorization", "Bearer "+token)
	if lastID != "" {
		r.Header.Set("Last-Event-ID", lastID)
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	out := make(chan sseEvent, 100)
	s := &liveStream{events: out}
	go func() {
		defer res.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(res.Body)
		var e sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "retry: "):
				s.retry = line[7:]
			case strings.HasPrefix(line, "id: "):
				e.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				e.event = line[7:]
			case strings.HasPrefix(line, "data: "):
				json.Unmarshal([]byte(line[6:]), &e.data)
			case line == "" && e.event != "":
				out <- e
				e = sseEvent{}
			}
		}
	}()
	return s
}

// next is the next event of a stream, which must come within 5 s.
func next(t *testing.T, events <-chan sseEvent) sseEvent {
	t.Helper()
	select {
	case e, ok := <-events:
		if !ok {
			t.Fatal("the stream ended")
		}
		return e
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
	}
	return sseEvent{}
}

// ended waits for the server to end a stream, within 5 s, and returns the
// events it sent that were not read.
func ended(t *testing.T, events <-chan sseEvent) []sseEvent {
	t.Helper()
	var rest []sseEvent
	timeout := time.After(5 * time.Second)
	for {
		select {
		case e, ok := <-events:
			if !ok {
				return rest
			}
			rest = append(rest, e)
		case <-timeout:
			t.Fatal("the stream did not end within 5 s")
		}
	}
}

func TestChatsAPI(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		teacherID := a.userID(t, "maryam")
		create := func(token string, body map[string]any) resp {
			return a.do(req{method: "POST", path: "/api/chat/create/", token: token, body: body})
		}
		if r := create(s.teacher, map[string]any{"student_id": s.saraID}); r.status != 403 ||
			r.json(t)["detail"] != "You can start a chat only with a student who booked a class with you." {
			t.Fatalf("teacher starts a chat with a stranger: %d %s", r.status, r.body)
		}
		if r := create(s.sara, map[string]any{}); r.status != 400 || r.field(t, "teacher_id") != "Choose who to chat with." {
			t.Fatalf("no teacher: %d %s", r.status, r.body)
		}
		if r := create(s.sara, map[string]any{"teacher_id": s.nimaID}); r.status != 404 {
			t.Fatalf("chat with a student: %d %s", r.status, r.body)
		}
		r := create(s.sara, map[string]any{"teacher_id": teacherID})
		chat := int64(r.json(t)["id"].(float64))
		participant := r.json(t)["participant"].(map[string]any)
		if r.status != 200 || participant["username"] != "maryam" || participant["role"] != "teacher" || r.json(t)["last_message"] != nil {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		if r := create(s.sara, map[string]any{"teacher_id": fmt.Sprint(teacherID)}); r.json(t)["id"] != float64(chat) {
			t.Fatalf("create is not idempotent: %s", r.body)
		}

		live := a.openStream(t, s.teacher, "")
		send := func(token string, body map[string]any) resp {
			return a.do(req{method: "POST", path: "/api/messages/send/", token: token, body: body})
		}
		r = send(s.sara, map[string]any{"chat_id": chat, "content": "  سلام! Is 18:00 OK? <b>bold</b>  "})
		if r.status != 201 || r.json(t)["content"] != "سلام! Is 18:00 OK? <b>bold</b>" || r.json(t)["sender"] != float64(s.saraID) {
			t.Fatalf("send: %d %s", r.status, r.body)
		}
		e := next(t, live)
		msg := e.data["message"].(map[string]any)
		if e.event != "message" || e.data["chat_id"] != float64(chat) || msg["content"] != "سلام! Is 18:00 OK? <b>bold</b>" {
			t.Fatalf("pushed event: %+v", e)
		}
		firstID := e.id

		for _, tc := range []struct {
			token string
			body  map[string]any
			code  int
			want  string
		}{
			{s.sara, map[string]any{"chat_id": chat, "content": "   "}, 400, "Message cannot be empty."},
			{s.sara, map[string]any{"chat_id": chat, "content": strings.Repeat("ا", zabano.MaxMessageLength+1)}, 400, "A message is at most 4000 characters."},
			{s.nima, map[string]any{"chat_id": chat, "content": "hi"}, 404, "Chat not found."},
			{s.sara, map[string]any{"chat_id": 0, "content": "hi"}, 404, "Chat not found."},
		} {
			if r := send(tc.token, tc.body); r.status != tc.code || r.json(t)["detail"] != tc.want {
				t.Errorf("%v: %d %s", tc.body["content"], r.status, r.body)
			}
		}

		for i := range 3 {
			send(s.teacher, map[string]any{"chat_id": chat, "content": fmt.Sprintf("reply %d", i)})
		}
		var list []map[string]any
		r = a.do(req{method: "GET", path: "/api/chats/", token: s.sara})
		json.Unmarshal(r.body, &list)
		if r.status != 200 || len(list) != 1 || list[0]["unread"] != 3.0 || list[0]["last_message"].(map[string]any)["content"] != "reply 2" {
			t.Fatalf("student's chats: %d %s", r.status, r.body)
		}
		if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/chats/%d/read/", chat), token: s.nima}); r.status != 404 {
			t.Fatalf("a stranger marks read: %d", r.status)
		}
		if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/chats/%d/read/", chat), token: s.sara}); r.status != 204 {
			t.Fatalf("read: %d %s", r.status, r.body)
		}
		r = a.do(req{method: "GET", path: "/api/chats/", token: s.sara})
		json.Unmarshal(r.body, &list)
		if list[0]["unread"] != 0.0 {
			t.Fatalf("unread after reading: %v", list[0]["unread"])
		}

		page := func(query string) []map[string]any {
			var out []map[string]any
			r := a.do(req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/%s", chat, query), token: s.teacher})
			if r.status != 200 {
				t.Fatalf("messages%s: %d %s", query, r.status, r.body)
			}
			json.Unmarshal(r.body, &out)
			return out
		}
		newest := page("?limit=2")
		if len(newest) != 2 || newest[1]["content"] != "reply 2" {
			t.Fatalf("newest page: %v", newest)
		}
		older := page(fmt.Sprintf("?limit=2&before=%d", int64(newest[0]["id"].(float64))))
		if len(older) != 2 || older[0]["content"] != "سلام! Is 18:00 OK? <b>bold</b>" {
			t.Fatalf("older page: %v", older)
		}
		if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", chat), token: s.nima}); r.status != 404 {
			t.Fatalf("a stranger reads: %d", r.status)
		}
		if r := a.do(req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/?limit=0", chat), token: s.sara}); r.status != 400 {
			t.Fatalf("limit 0: %d", r.status)
		}

		// A stream that reconnects with the last id it saw gets what it missed.
		resumed := a.openStream(t, s.teacher, firstID)
		for i := range 3 {
			if e := next(t, resumed); e.data["message"].(map[string]any)["content"] != fmt.Sprintf("reply %d", i) {
				t.Fatalf("resumed event %d: %+v", i, e)
			}
		}
		if r := a.do(req{method: "GET", path: "/api/events/"}); r.status != 401 {
			t.Fatalf("anonymous stream: %d", r.status)
		}
		if r := a.do(req{method: "GET", path: "/api/chats/"}); r.status != 401 {
			t.Fatalf("anonymous chats: %d", r.status)
		}

		// The teacher may write to a student who booked them.
		a.clock.Add(0)
		slot := s.slot(t, "2026-11-23", "10:00", "11:00")
		a.do(req{method: "POST", path: "/api/slot/booking/", token: s.nima, body: map[string]any{"slot": slot, "level_price": s.level}})
		if r := create(s.teacher, map[string]any{"student_id": s.nimaID}); r.status != 200 || r.json(t)["participant"].(map[string]any)["username"] != "nima" {
			t.Fatalf("teacher opens a chat with their student: %d %s", r.status, r.body)
		}
	})
}

// TestMessageLimit: a user sends at most 30 messages a minute; the next
// waits, told how long, and the other participant is not held back.
func TestMessageLimit(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		chat := int64(a.do(req{method: "POST", path: "/api/chat/create/", token: s.sara,
			body: map[string]any{"teacher_id": a.userID(t, "maryam")}}).json(t)["id"].(float64))
		send := func(token string) resp {
			return a.do(req{method: "POST", path: "/api/messages/send/", token: token, body: map[string]any{"chat_id": chat, "content": "hi"}})
		}
		for i := range 30 {
			if r := send(s.sara); r.status != 201 {
				t.Fatalf("message %d: %d %s", i+1, r.status, r.body)
			}
		}
		r := send(s.sara)
		if r.status != 429 || r.header.Get("Retry-After") != "60" || r.json(t)["detail"] != "Too many requests. Please try again in 60 seconds." {
			t.Fatalf("31st message in a minute: %d %s (Retry-After %q)", r.status, r.body, r.header.Get("Retry-After"))
		}
		if r := send(s.teacher); r.status != 201 {
			t.Fatalf("the other participant: %d %s", r.status, r.body)
		}
		a.clock.Add(time.Minute)
		if r := send(s.sara); r.status != 201 {
			t.Fatalf("a minute later: %d %s", r.status, r.body)
		}
	})
}
