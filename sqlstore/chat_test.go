package sqlstore_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

func TestChats(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		sara := m.student("sara", classPrice)
		nima := m.student("nima", 0)
		code := zabano.ErrorCode

		if _, err := db.OpenChat(ctx, sara.ID, m.teacher.ID, zabano.RoleTeacher); code(err) != zabano.EFORBIDDEN {
			t.Fatalf("teacher opens a chat with a stranger: %v", err)
		}
		if _, err := db.OpenChat(ctx, sara.ID, nima.ID, zabano.RoleStudent); code(err) != zabano.ENOTFOUND {
			t.Fatalf("chat with a student as teacher: %v", err)
		}
		c, err := db.OpenChat(ctx, sara.ID, m.teacher.ID, zabano.RoleStudent)
		if err != nil || c.LastMessage != nil || c.Teacher.Username != "teacher" {
			t.Fatalf("open: %+v %v", c, err)
		}
		again, err := db.OpenChat(ctx, sara.ID, m.teacher.ID, zabano.RoleStudent)
		if err != nil || again.ID != c.ID {
			t.Fatalf("open again: %v %v", again, err)
		}
		if byTeacher, err := db.OpenChat(ctx, sara.ID, m.teacher.ID, zabano.RoleTeacher); err != nil || byTeacher.ID != c.ID {
			t.Fatalf("the teacher opens the chat the student started: %v", err)
		}
		m.book(sara, m.slot(24*time.Hour))
		nimaChat, err := db.OpenChat(ctx, nima.ID, m.teacher.ID, zabano.RoleStudent)
		if err != nil {
			t.Fatal(err)
		}

		for i := range 5 {
			m.clock.Add(time.Second)
			if _, err := db.SendMessage(ctx, sara.ID, c.ID, fmt.Sprintf("سلام %d", i), nil, 0); err != nil {
				t.Fatal(err)
			}
		}
		if list, _ := db.ChatsOf(ctx, m.teacher.ID); list[0].ID != c.ID || list[0].Unread != 5 {
			t.Fatalf("teacher's unread: %+v", list[0])
		}
		m.clock.Add(time.Second)
		reply, err := db.SendMessage(ctx, m.teacher.ID, c.ID, "Hello", nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.SendMessage(ctx, nima.ID, c.ID, "intrusion", nil, 0); code(err) != zabano.ENOTFOUND {
			t.Fatalf("a stranger writes: %v", err)
		}

		list, err := db.ChatsOf(ctx, m.teacher.ID)
		if err != nil || len(list) != 2 || list[0].ID != c.ID || list[0].Unread != 0 || list[0].LastMessage.ID != reply.ID || list[1].ID != nimaChat.ID {
			t.Fatalf("teacher's chats after replying: %+v %v", list, err)
		}
		mine, _ := db.ChatsOf(ctx, sara.ID)
		if len(mine) != 1 || mine[0].Unread != 1 || mine[0].Other(sara.ID).Username != "teacher" {
			t.Fatalf("student's chats: %+v", mine)
		}
		if err := db.MarkRead(ctx, sara.ID, c.ID); err != nil {
			t.Fatal(err)
		}
		if mine, _ := db.ChatsOf(ctx, sara.ID); mine[0].Unread != 0 {
			t.Fatalf("unread after reading: %d", mine[0].Unread)
		}
		if err := db.MarkRead(ctx, nima.ID, c.ID); code(err) != zabano.ENOTFOUND {
			t.Fatalf("a stranger marks read: %v", err)
		}

		page, err := db.Messages(ctx, sara.ID, c.ID, 0, 4)
		if err != nil || len(page) != 4 || page[3].ID != reply.ID || page[0].Content != "سلام 2" {
			t.Fatalf("newest page: %v %v", page, err)
		}
		older, _ := db.Messages(ctx, sara.ID, c.ID, page[0].ID, 4)
		if len(older) != 2 || older[0].Content != "سلام 0" {
			t.Fatalf("older page: %v", older)
		}
		if _, err := db.Messages(ctx, nima.ID, c.ID, 0, 10); code(err) != zabano.ENOTFOUND {
			t.Fatalf("a stranger reads: %v", err)
		}

		events, err := db.EventsAfter(ctx, sara.ID, 0, 100)
		if err != nil || len(events) != 7 || events[5].Message.Content != "Hello" || events[6].Type != "read" {
			t.Fatalf("student's events: %d %v", len(events), err)
		}
		last, _ := db.LastEventID(ctx, sara.ID)
		if rest, _ := db.EventsAfter(ctx, sara.ID, events[4].ID, 100); len(rest) != 2 || last != events[6].ID {
			t.Fatalf("resume: %d events, last %d", len(rest), last)
		}
		// The student's reading told the teacher: up to the reply.
		if ev, _ := db.EventsAfter(ctx, m.teacher.ID, 0, 100); len(ev) != 7 || ev[6].Type != "seen" || ev[6].ReadID != reply.ID || ev[6].Message != nil {
			t.Fatalf("teacher's events: %d %+v, want 6 and a seen", len(ev), ev)
		}
		if ev, _ := db.EventsAfter(ctx, nima.ID, 0, 100); len(ev) != 0 {
			t.Fatalf("a stranger got events: %v", ev)
		}
		m.clock.Add(zabano.EventTTL + time.Minute)
		if err := db.PruneEvents(ctx); err != nil {
			t.Fatal(err)
		}
		if ev, _ := db.EventsAfter(ctx, sara.ID, 0, 100); len(ev) != 0 {
			t.Fatalf("events outlived their day: %d", len(ev))
		}
	})
}

func TestReadReceipts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		sara := m.student("sara", 0)
		c, err := db.OpenChat(ctx, sara.ID, m.teacher.ID, zabano.RoleStudent)
		if err != nil {
			t.Fatal(err)
		}
		// readMarks are what each side's list says of the other's reading.
		readMarks := func() (bySara, byTeacher int64) {
			t.Helper()
			mine, err1 := db.ChatsOf(ctx, sara.ID)
			theirs, err2 := db.ChatsOf(ctx, m.teacher.ID)
			if err := errors.Join(err1, err2); err != nil {
				t.Fatal(err)
			}
			return theirs[0].OtherReadID, mine[0].OtherReadID
		}
		if s, tr := readMarks(); s != 0 || tr != 0 {
			t.Fatalf("an empty chat's read marks: %d %d", s, tr)
		}
		// Reading a chat without messages tells nobody anything new.
		if err := db.MarkRead(ctx, m.teacher.ID, c.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SendMessage(ctx, sara.ID, c.ID, "one", nil, 0); err != nil {
			t.Fatal(err)
		}
		second, err := db.SendMessage(ctx, sara.ID, c.ID, "two", nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		// Sara has read what she wrote; the teacher nothing yet.
		if s, tr := readMarks(); s != second.ID || tr != 0 {
			t.Fatalf("read marks after sending: sara %d, teacher %d; want %d, 0", s, tr, second.ID)
		}
		seen := func(userID int64) []zabano.Event {
			t.Helper()
			all, err := db.EventsAfter(ctx, userID, 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			var out []zabano.Event
			for _, e := range all {
				if e.Type == "seen" {
					out = append(out, e)
				}
			}
			return out
		}
		if err := db.MarkRead(ctx, m.teacher.ID, c.ID); err != nil {
			t.Fatalf("mark read: %v", err)
		}
		if _, tr := readMarks(); tr != second.ID {
			t.Fatalf("sara sees the teacher read up to %d, want %d", tr, second.ID)
		}
		ev := seen(sara.ID)
		if len(ev) != 1 || ev[0].ChatID != c.ID || ev[0].ReadID != second.ID {
			t.Fatalf("sara's seen events: %+v", ev)
		}
		if len(seen(m.teacher.ID)) != 0 {
			t.Fatal("the reader was told they read")
		}
		// Reading again, with nothing new, tells sara nothing more.
		if err := db.MarkRead(ctx, m.teacher.ID, c.ID); err != nil {
			t.Fatal(err)
		}
		if n := len(seen(sara.ID)); n != 1 {
			t.Fatalf("reading nothing new: %d seen events", n)
		}
	})
}

func TestAttachments(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		sara := m.student("sara", 0)
		nima := m.student("nima", 0)
		c, err := db.OpenChat(ctx, sara.ID, m.teacher.ID, zabano.RoleStudent)
		if err != nil {
			t.Fatal(err)
		}
		att := &zabano.Attachment{Key: "attachments/0123456789abcdef0123456789abcdef.png", Name: "تکلیف.png", Size: 1234}
		msg, err := db.SendMessage(ctx, sara.ID, c.ID, "", att, 0)
		if err != nil || msg.Attachment != att {
			t.Fatalf("send: %+v %v", msg, err)
		}
		plain, err := db.SendMessage(ctx, m.teacher.ID, c.ID, "nice", nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		page, err := db.Messages(ctx, m.teacher.ID, c.ID, 0, 10)
		if err != nil || len(page) != 2 || page[0].Attachment == nil || *page[0].Attachment != *att || page[1].Attachment != nil {
			t.Fatalf("messages: %+v %v", page, err)
		}
		if list, _ := db.ChatsOf(ctx, sara.ID); list[0].LastMessage.ID != plain.ID || list[0].LastMessage.Attachment != nil {
			t.Fatalf("last message: %+v", list[0].LastMessage)
		}
		ev, err := db.EventsAfter(ctx, m.teacher.ID, 0, 10)
		if err != nil || len(ev) != 2 || ev[0].Message.Attachment == nil || *ev[0].Message.Attachment != *att {
			t.Fatalf("events: %+v %v", ev, err)
		}
		for _, who := range []int64{sara.ID, m.teacher.ID} {
			if got, err := db.FindAttachment(ctx, who, msg.ID); err != nil || *got != *att {
				t.Fatalf("attachment for %d: %+v %v", who, got, err)
			}
		}
		if _, err := db.FindAttachment(ctx, nima.ID, msg.ID); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("a stranger's look: %v", err)
		}
		if _, err := db.FindAttachment(ctx, sara.ID, plain.ID); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("a message without a file: %v", err)
		}
	})
}

// TestEventChain: while students write to one teacher at once, each of the
// teacher's events names the one before it, so a stream that follows the
// chain misses none; every committed event reaches OnEvents as it is stored.
func TestEventChain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		m := newMarket(t, db)
		var mu sync.Mutex
		published := map[int64]zabano.Event{}
		db.OnEvents = func(events []zabano.Event) {
			mu.Lock()
			defer mu.Unlock()
			for _, e := range events {
				published[e.ID] = e
			}
		}
		const writers, each = 4, 10
		var wg sync.WaitGroup
		for w := range writers {
			s := m.student(fmt.Sprintf("student%d", w), 0)
			c, err := db.OpenChat(ctx, s.ID, m.teacher.ID, zabano.RoleStudent)
			if err != nil {
				t.Fatal(err)
			}
			wg.Go(func() {
				for i := range each {
					if _, err := db.SendMessage(ctx, s.ID, c.ID, fmt.Sprintf("%d/%d", w, i), nil, 0); err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		events, err := db.EventsAfter(ctx, m.teacher.ID, 0, 1000)
		if err != nil || len(events) != writers*each {
			t.Fatalf("%d of the teacher's events, want %d: %v", len(events), writers*each, err)
		}
		var prev int64
		for i, e := range events {
			if e.PrevID != prev {
				t.Fatalf("event %d (%d) follows %d, want %d", i, e.ID, e.PrevID, prev)
			}
			p, ok := published[e.ID]
			if !ok || p.PrevID != e.PrevID || p.UserID != m.teacher.ID || p.Message == nil || p.Message.Content != e.Message.Content {
				t.Fatalf("event %d as published: %+v, stored: %+v", e.ID, p, e)
			}
			prev = e.ID
		}
		if len(published) != 2*writers*each {
			t.Fatalf("%d events published, want %d", len(published), 2*writers*each)
		}
	})
}
