package sqlstore_test

import (
	"fmt"
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
			if _, _, err := db.SendMessage(ctx, sara.ID, c.ID, fmt.Sprintf("سلام %d", i)); err != nil {
				t.Fatal(err)
			}
		}
		if list, _ := db.ChatsOf(ctx, m.teacher.ID); list[0].ID != c.ID || list[0].Unread != 5 {
			t.Fatalf("teacher's unread: %+v", list[0])
		}
		m.clock.Add(time.Second)
		reply, _, err := db.SendMessage(ctx, m.teacher.ID, c.ID, "Hello")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.SendMessage(ctx, nima.ID, c.ID, "intrusion"); code(err) != zabano.ENOTFOUND {
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
		if ev, _ := db.EventsAfter(ctx, m.teacher.ID, 0, 100); len(ev) != 6 {
			t.Fatalf("teacher's events: %d, want 6", len(ev))
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
