package zabano

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Chat is the conversation of one student and one teacher; there is at most
// one per pair.
type Chat struct {
	ID        int64
	StudentID int64
	TeacherID int64
	CreatedAt time.Time
	// Student and Teacher are the two participants.
	Student, Teacher User
	// LastMessage is the newest message, nil in a chat without any.
	LastMessage *Message
	// Unread counts the messages the reader has not seen (ChatsOf fills it).
	Unread int
	// OtherReadID is the newest message the reader's other side has read,
	// 0 for none: the reader's own messages up to it show as read.
	OtherReadID int64
}

// Other is the participant who is not userID.
func (c *Chat) Other(userID int64) User {
	if c.StudentID == userID {
		return c.Teacher
	}
	return c.Student
}

// Has reports whether userID takes part in c.
func (c *Chat) Has(userID int64) bool { return c.StudentID == userID || c.TeacherID == userID }

// Message is one message of a chat.
type Message struct {
	ID        int64
	ChatID    int64
	SenderID  int64
	Content   string
	CreatedAt time.Time
	// Attachment is the file sent with the message, nil for none.
	Attachment *Attachment
}

// Attachment is a file sent in a chat: an image or a PDF in the media
// store, served only to the chat's two participants.
type Attachment struct {
	Key  string // the media store's key
	Name string // the name its sender gave it
	Size int64  // in bytes
}

// MaxMessageLength caps a message, in characters.
const MaxMessageLength = 4000

// MessageWindow is the window of the cap on the messages one user sends.
const MessageWindow = time.Minute

// MessageLimitKey is the Limiter key of the messages userID sends
// (ChatStore.SendMessage counts them).
func MessageLimitKey(userID int64) string { return "message:" + strconv.FormatInt(userID, 10) }

var (
	msgMessageEmpty   = Msg{"Message cannot be empty.", "پیام نمی‌تواند خالی باشد."}
	msgMessageTooLong = Msg{"A message is at most %d characters.", "پیام حداکثر %d نویسه است."}
	// MsgChatNotFound is the answer for a chat that does not exist or is not the caller's.
	MsgChatNotFound = Msg{"Chat not found.", "گفت‌وگو یافت نشد."}
	// MsgAttachmentNotFound: no file of a message of the caller's chats.
	MsgAttachmentNotFound = Msg{"File not found.", "فایل یافت نشد."}
	// MsgChatNotAllowed: a teacher opens chats only with their students.
	MsgChatNotAllowed = Msg{
		"You can start a chat only with a student who booked a class with you.",
		"فقط با زبان‌آموزی که با شما کلاس رزرو کرده است می‌توانید گفت‌وگو را آغاز کنید.",
	}
	// MsgChatDeleted: the other side of the chat deleted their account.
	MsgChatDeleted = Msg{"This user has deleted their account.", "این کاربر حساب خود را حذف کرده است."}
	// MsgNotATeacher / MsgNotAStudent: the other side of a new chat is of the wrong role.
	MsgNotATeacher = Msg{"Teacher not found.", "استاد یافت نشد."}
	MsgNotAStudent = Msg{"Student not found.", "زبان‌آموز یافت نشد."}
)

// CheckMessage trims content and checks it (spec section 5, chat message);
// a message with a file may have no text.
func CheckMessage(content string, attached bool) (string, error) {
	content = strings.TrimSpace(content)
	switch {
	case content == "" && !attached:
		return "", FieldError("content", msgMessageEmpty)
	case utf8.RuneCountInString(content) > MaxMessageLength:
		return "", FieldError("content", Msgf(msgMessageTooLong, MaxMessageLength))
	}
	return content, nil
}

// Event is something a user's open tabs are told at once: a new message in
// one of their chats, a chat they read in another tab, the other side of a
// chat having read it, or a notification. Events are kept for EventTTL, so a
// dropped stream resumes from the last id it saw.
type Event struct {
	ID     int64
	UserID int64
	// PrevID is the user's event before this one, 0 for none: a stream
	// whose last event it is may show this one as it comes, without
	// reading the database (see Carried).
	PrevID int64
	Type   string // "message", "read", "seen" or "notification"
	ChatID int64  // 0 for a notification
	// Message is the new message of a "message" event.
	Message *Message
	// ReadID is the newest message the other side has read, of a "seen" event.
	ReadID int64
	// Notification is the notification of a "notification" event, and
	// Unread the user's unread notifications when the event is read.
	Notification *Notification
	Unread       int
	CreatedAt    time.Time
}

// Carried says whether the event holds all a stream shows of it. One that
// does not, a notification (worded in the reader's language and zone, with
// their unread count) or a message left out of a notification too small for
// it, sends the stream to the database.
func (e *Event) Carried() bool {
	return e.Type != "notification" && (e.Type != "message" || e.Message != nil)
}

// EventChannel names the PostgreSQL notification channel of events (it,
// ':' and the schema), whose payload is EventsPayload.
const EventChannel = "zabano_events"

// maxEventsPayload keeps a payload under PostgreSQL's limit of 8,000 bytes.
const maxEventsPayload = 7900

// EventsPayload is events as they travel to other processes, in JSON: all
// but their notifications, and without their messages when those would not
// fit (a message may hold 4,000 Persian letters, 8,000 bytes).
func EventsPayload(events []Event) string {
	out := make([]Event, len(events))
	for i, e := range events {
		e.Notification = nil
		out[i] = e
	}
	b, _ := json.Marshal(out)
	if len(b) > maxEventsPayload {
		for i := range out {
			out[i].Message = nil
		}
		b, _ = json.Marshal(out)
	}
	return string(b)
}

// ParseEventsPayload reads an EventsPayload.
func ParseEventsPayload(s string) ([]Event, error) {
	var events []Event
	return events, json.Unmarshal([]byte(s), &events)
}

// EventTTL is how long events are kept for streams to resume.
const EventTTL = 24 * time.Hour

// ChatStore keeps chats, messages and the events they cause. Each method is
// one transaction; those that write record their events in it.
type ChatStore interface {
	// OpenChat returns the chat of the pair, creating it on first use. A
	// teacher may open one only with a student who booked them; a user who
	// deleted their account is not found.
	OpenChat(ctx context.Context, studentID, teacherID int64, by Role) (*Chat, error)
	// ChatsOf lists userID's chats, the newest activity first, each with its
	// other participant, last message and unread count, in one query.
	ChatsOf(ctx context.Context, userID int64) ([]*Chat, error)
	// FindChat returns a chat of userID.
	FindChat(ctx context.Context, userID, chatID int64) (*Chat, error)
	// Messages returns up to limit messages of a chat of userID older than
	// the message before (all when 0), oldest first.
	Messages(ctx context.Context, userID, chatID, before int64, limit int) ([]*Message, error)
	// SendMessage saves a message from userID, with its file when att is not
	// nil, and a "message" event for both participants; ECONFLICT when the
	// other deleted their account. Unless max is 0 it counts the message
	// under MessageLimitKey, in the same transaction, and fails with
	// ETOOMANY when userID sent max in the last MessageWindow: a message is
	// one write, and one refused for any reason is not counted.
	SendMessage(ctx context.Context, userID, chatID int64, content string, att *Attachment, max int) (*Message, error)
	// MarkRead marks a chat of userID read up to its newest message, with a
	// "read" event for userID's other tabs and, when the mark moved, a
	// "seen" event for the other side's.
	MarkRead(ctx context.Context, userID, chatID int64) error
	// FindAttachment returns the file of a message in a chat of userID;
	// ENOTFOUND when there is none.
	FindAttachment(ctx context.Context, userID, messageID int64) (*Attachment, error)
	// EventsAfter returns userID's events after id, oldest first, at most limit.
	EventsAfter(ctx context.Context, userID, after int64, limit int) ([]Event, error)
	// LastEventID is the newest event id of userID, 0 when there is none.
	LastEventID(ctx context.Context, userID int64) (int64, error)
}

// Notifier hands committed events to the open event streams of their users
// in this process (on PostgreSQL, every process's store announces its events
// to the others, whose Notifier hands them on).
type Notifier interface {
	// Publish hands events, just committed, to their users' subscriptions.
	Publish(events []Event)
	// Subscribe returns the channel on which userID's events come, in
	// batches, and a function that ends the subscription. An empty batch
	// says that events may have been missed: look in the database.
	Subscribe(userID int64) (<-chan []Event, func())
}
