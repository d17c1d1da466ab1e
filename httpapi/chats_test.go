package httpapi_test

import (
	"bufio"
	"bytes"
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
// waits, told how long, and is not kept; the other participant is not held
// back.
func TestMessageLimit(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		chat := int64(a.do(req{method: "POST", path: "/api/chat/create/", token: s.sara,
			body: map[string]any{"teacher_id": a.userID(t, "maryam")}}).json(t)["id"].(float64))
		send := func(token string) resp {
			return a.do(req{method: "POST", path: "/api/messages/send/", token: token, body: map[string]any{"chat_id": chat, "content": "hi"}})
		}
		// A message refused for another reason is not counted.
		if r := a.do(req{method: "POST", path: "/api/messages/send/", token: s.sara, body: map[string]any{"chat_id": chat + 1000, "content": "hi"}}); r.status != 404 {
			t.Fatalf("a message to a chat not hers: %d %s", r.status, r.body)
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
		var messages []map[string]any
		a.do(req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", chat), token: s.sara}).decode(t, &messages)
		if len(messages) != 30 {
			t.Fatalf("the refused message was kept: %d messages", len(messages))
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

// TestReadReceipts: when one side reads a chat, the other side's tabs are
// told up to which message (a seen event), and the chat list says so.
func TestReadReceipts(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		chat := int64(a.do(req{method: "POST", path: "/api/chat/create/", token: s.sara,
			body: map[string]any{"teacher_id": a.userID(t, "maryam")}}).json(t)["id"].(float64))
		otherRead := func(token string) float64 {
			t.Helper()
			var list []map[string]any
			a.do(req{method: "GET", path: "/api/chats/", token: token}).decode(t, &list)
			return list[0]["other_read_id"].(float64)
		}
		saraTabs, teacherTabs := a.openStream(t, s.sara, ""), a.openStream(t, s.teacher, "")
		var last float64
		for _, text := range []string{"one", "two"} {
			r := a.do(req{method: "POST", path: "/api/messages/send/", token: s.sara, body: map[string]any{"chat_id": chat, "content": text}})
			last = r.json(t)["id"].(float64)
			next(t, saraTabs)
			next(t, teacherTabs)
		}
		if got := otherRead(s.sara); got != 0 {
			t.Fatalf("sara sees the teacher read up to %v before reading", got)
		}
		if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/chats/%d/read/", chat), token: s.teacher}); r.status != 204 {
			t.Fatalf("read: %d %s", r.status, r.body)
		}
		if e := next(t, saraTabs); e.event != "seen" || e.data["chat_id"] != float64(chat) || e.data["read_id"] != last || e.data["message"] != nil {
			t.Fatalf("sara's tabs were told %+v, want seen up to %v", e, last)
		}
		if e := next(t, teacherTabs); e.event != "read" || e.data["chat_id"] != float64(chat) {
			t.Fatalf("the teacher's other tabs were told %+v", e)
		}
		if got := otherRead(s.sara); got != last {
			t.Fatalf("sara sees the teacher read up to %v, want %v", got, last)
		}
		// The teacher wrote nothing, so sara's reading tells them nothing new
		// of their own messages; her tabs still hear she read.
		if r := a.do(req{method: "POST", path: fmt.Sprintf("/api/chats/%d/read/", chat), token: s.sara}); r.status != 204 {
			t.Fatalf("read: %d", r.status)
		}
		if e := next(t, saraTabs); e.event != "read" {
			t.Fatalf("sara's tabs: %+v", e)
		}
		select {
		case e := <-teacherTabs:
			t.Fatalf("the teacher was told %+v of a reading that moved nothing", e)
		case <-time.After(200 * time.Millisecond):
		}
		if got := otherRead(s.teacher); got != last {
			t.Fatalf("the teacher sees sara read up to %v, want %v (her own)", got, last)
		}
	})
}

// attachmentOf is the attachment of a message answer, or nil.
func attachmentOf(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	a, _ := m["attachment"].(map[string]any)
	return a
}

// TestChatAttachments: images and PDFs up to 10 MB go in messages, checked
// by their bytes like other uploads, and are served by links signed for one
// side of the chat; others, tampered links and old ones are refused.
func TestChatAttachments(t *testing.T) {
	each(t, func(t *testing.T, a *app) {
		s := newSchool(t, a)
		chat := int64(a.do(req{method: "POST", path: "/api/chat/create/", token: s.sara,
			body: map[string]any{"teacher_id": a.userID(t, "maryam")}}).json(t)["id"].(float64))
		send := func(token string, fields map[string]string, files ...formFile) resp {
			t.Helper()
			return a.do(req{method: "POST", path: "/api/messages/send/", token: token, body: multipartOf(t, fields, files...)})
		}
		get := func(url string) resp {
			t.Helper()
			return a.do(req{method: "GET", path: strings.TrimPrefix(url, "https://zabano.test")})
		}
		teacherTabs := a.openStream(t, s.teacher, "")
		image := fileOf(pngHead, 3000)
		r := send(s.sara, map[string]string{"chat_id": fmt.Sprint(chat), "content": "  my homework "}, formFile{"file", "تکلیف.png", image})
		msg := r.json(t)
		att := attachmentOf(t, msg)
		if r.status != 201 || msg["content"] != "my homework" || att == nil || att["name"] != "تکلیف.png" || att["type"] != "image/png" || att["size"] != 3000.0 {
			t.Fatalf("send an image: %d %s", r.status, r.body)
		}
		saraURL := att["url"].(string)
		if !strings.Contains(saraURL, fmt.Sprintf("u=%d&", s.saraID)) {
			t.Fatalf("sara's link is not hers: %s", saraURL)
		}
		// The other side gets the message with a link of their own.
		e := next(t, teacherTabs)
		teacherURL := attachmentOf(t, e.data["message"].(map[string]any))["url"].(string)
		maryamID := a.userID(t, "maryam")
		if !strings.Contains(teacherURL, fmt.Sprintf("u=%d&", maryamID)) {
			t.Fatalf("the teacher's link: %s", teacherURL)
		}
		for _, url := range []string{saraURL, teacherURL} {
			r := get(url)
			if r.status != 200 || !bytes.Equal(r.body, image) || r.header.Get("Content-Type") != "image/png" ||
				!strings.HasPrefix(r.header.Get("Content-Disposition"), "inline;") || !strings.HasPrefix(r.header.Get("Cache-Control"), "private, max-age=") {
				t.Fatalf("GET %s: %d %v", url, r.status, r.header)
			}
		}
		var page []map[string]any
		a.do(req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", chat), token: s.teacher}).decode(t, &page)
		if got := attachmentOf(t, page[0]); got["url"] != teacherURL {
			t.Fatalf("the teacher's page: %v (links of one hour are the same, for the browser's cache)", page[0])
		}

		// A PDF alone, without text, is a download.
		pdf := fileOf(pdfHead, 5000)
		r = send(s.teacher, map[string]string{"chat_id": fmt.Sprint(chat)}, formFile{"file", "worksheet.pdf", pdf})
		if att := attachmentOf(t, r.json(t)); r.status != 201 || r.json(t)["content"] != "" || att["type"] != "application/pdf" {
			t.Fatalf("send a PDF: %d %s", r.status, r.body)
		} else if r := get(att["url"].(string)); r.status != 200 || r.header.Get("Content-Disposition") != "attachment; filename=worksheet.pdf" {
			t.Fatalf("the PDF: %d %v", r.status, r.header)
		}
		var list []map[string]any
		a.do(req{method: "GET", path: "/api/chats/", token: s.sara}).decode(t, &list)
		if last := list[0]["last_message"].(map[string]any); attachmentOf(t, last)["name"] != "worksheet.pdf" {
			t.Fatalf("the list's last message: %v", last)
		}
		// Text alone, as JSON, has none.
		if r := a.do(req{method: "POST", path: "/api/messages/send/", token: s.sara, body: map[string]any{"chat_id": chat, "content": "thanks"}}); r.status != 201 || r.json(t)["attachment"] != nil {
			t.Fatalf("text alone: %d %s", r.status, r.body)
		}

		files := countFiles(a.mediaDir)
		for _, tc := range []struct {
			name   string
			token  string
			fields map[string]string
			file   formFile
			code   int
			field  string
			want   string
		}{
			{"too big", s.sara, map[string]string{"chat_id": fmt.Sprint(chat)}, formFile{"file", "big.png", fileOf(pngHead, 10<<20+1)},
				400, "file", "The file must be a JPEG, PNG, WebP or GIF image or a PDF, and at most 10 MB."},
			{"text named .png", s.sara, map[string]string{"chat_id": fmt.Sprint(chat)}, formFile{"file", "photo.png", []byte("<script>alert(1)</script>")},
				400, "file", "The file must be a JPEG, PNG, WebP or GIF image or a PDF, and at most 10 MB."},
			{"a Word file", s.sara, map[string]string{"chat_id": fmt.Sprint(chat)}, formFile{"file", "notes.doc", fileOf("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", 100)},
				400, "file", "The file must be a JPEG, PNG, WebP or GIF image or a PDF, and at most 10 MB."},
			{"another's chat", s.nima, map[string]string{"chat_id": fmt.Sprint(chat)}, formFile{"file", "x.png", image},
				404, "detail", "Chat not found."},
			{"no chat", s.sara, nil, formFile{"file", "x.png", image}, 404, "detail", "Chat not found."},
			{"text too long", s.sara, map[string]string{"chat_id": fmt.Sprint(chat), "content": strings.Repeat("ا", zabano.MaxMessageLength+1)},
				formFile{"file", "x.png", image}, 400, "content", "A message is at most 4000 characters."},
		} {
			r := send(tc.token, tc.fields, tc.file)
			got, _ := r.json(t)[tc.field].(string)
			if tc.field != "detail" {
				got = r.field(t, tc.field)
			}
			if r.status != tc.code || got != tc.want {
				t.Errorf("%s: %d %s", tc.name, r.status, r.body)
			}
		}
		if r := send(s.sara, map[string]string{"chat_id": fmt.Sprint(chat)}); r.status != 400 || r.field(t, "content") != "Message cannot be empty." {
			t.Errorf("neither text nor file: %d %s", r.status, r.body)
		}
		if got := countFiles(a.mediaDir); got != files {
			t.Errorf("refused messages left %d files", got-files)
		}

		// A link works only as signed, for one of the chat's two sides, and
		// only until it expires.
		for name, url := range map[string]string{
			"tampered signature": saraURL[:len(saraURL)-1] + map[bool]string{true: "0", false: "1"}[saraURL[len(saraURL)-1] != '0'],
			"another user":       strings.Replace(saraURL, fmt.Sprintf("u=%d&", s.saraID), fmt.Sprintf("u=%d&", s.nimaID), 1),
			"another message":    strings.Replace(saraURL, fmt.Sprintf("/messages/%d/", int64(msg["id"].(float64))), fmt.Sprintf("/messages/%d/", int64(msg["id"].(float64))+1), 1),
			"no signature":       saraURL[:strings.Index(saraURL, "?")],
		} {
			if r := get(url); r.status != 403 {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
		}
		a.clock.Add(2*time.Hour + time.Second)
		if r := get(saraURL); r.status != 403 || r.json(t)["detail"] != "This file's link has expired. Open the chat again." {
			t.Errorf("an expired link: %d %s", r.status, r.body)
		}
		a.do(req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", chat), token: s.teacher}).decode(t, &page)
		if r := get(attachmentOf(t, page[0])["url"].(string)); r.status != 200 {
			t.Errorf("a new link: %d", r.status)
		}

		// A user who deletes their account takes the files they sent with
		// them; their messages stay.
		reza := a.register("reza", zabano.RoleStudent, "09121000044")
		rezaChat := int64(a.do(req{method: "POST", path: "/api/chat/create/", token: reza, body: map[string]any{"teacher_id": maryamID}}).json(t)["id"].(float64))
		sent := send(reza, map[string]string{"chat_id": fmt.Sprint(rezaChat), "content": "hello"}, formFile{"file", "x.png", image}).json(t)
		a.do(req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", rezaChat), token: s.teacher}).decode(t, &page)
		rezaURL := attachmentOf(t, page[0])["url"].(string)
		if r := a.deleteAccount(reza, "secret1", "en"); r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
		a.do(req{method: "GET", path: fmt.Sprintf("/api/chats/%d/messages/", rezaChat), token: s.teacher}).decode(t, &page)
		if len(page) != 1 || page[0]["id"] != sent["id"] || page[0]["attachment"] != nil {
			t.Errorf("a deleted user's message: %v", page)
		}
		if r := get(rezaURL); r.status != 404 {
			t.Errorf("a deleted user's file: %d", r.status)
		}
	})
}
