package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/zabano/zabano"
)

type messageJSON struct {
	ID        int64     `json:"id"`
	ChatID    int64     `json:"chat_id"`
	Sender    int64     `json:"sender"`
	Content   string    `json:"content"`
	Timestamp time.Time `json:"timestamp"`
}

func messageOf(m *zabano.Message) *messageJSON {
	if m == nil {
		return nil
	}
	return &messageJSON{m.ID, m.ChatID, m.SenderID, m.Content, m.CreatedAt}
}

type participantJSON struct {
	personJSON
	Role zabano.Role `json:"role"`
}

// chatJSON is a chat as its reader's list shows it (spec section 3).
type chatJSON struct {
	ID          int64           `json:"id"`
	Teacher     int64           `json:"teacher"`
	Student     int64           `json:"student"`
	Participant participantJSON `json:"participant"`
	LastMessage *messageJSON    `json:"last_message"`
	Unread      int             `json:"unread"`
	CreatedAt   time.Time       `json:"created_at"`
}

// chatOf is c as readerID's list shows it, the name of another side who
// deleted their account in the language l.
func (s *Server) chatOf(c *zabano.Chat, readerID int64, l string) chatJSON {
	o := c.Other(readerID)
	return chatJSON{
		ID: c.ID, Teacher: c.TeacherID, Student: c.StudentID,
		Participant: participantJSON{personJSON{o.ID, o.Username, nameOf(&o, l), s.mediaURL(o.Photo)}, o.Role},
		LastMessage: messageOf(c.LastMessage), Unread: c.Unread, CreatedAt: c.CreatedAt,
	}
}

// chats is GET /api/chats/: the reader's chats, newest activity first.
func (s *Server) chats(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	list, err := s.Chats.ChatsOf(r.Context(), u.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]chatJSON, len(list))
	for i, c := range list {
		out[i] = s.chatOf(c, u.ID, lang(r))
	}
	encode(w, http.StatusOK, out)
}

// Message pages.
const (
	defaultMessages = 50
	maxMessages     = 200
)

// messages is GET /api/chats/{id}/messages/?before={message id}&limit=: a
// page of a chat's messages, oldest first; before pages back in time.
func (s *Server) messages(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	var v zabano.Validation
	q := r.URL.Query()
	limit := queryInt(&v, q.Get("limit"), "limit", defaultMessages, 1, maxMessages)
	before := queryInt(&v, q.Get("before"), "before", 0, 0, 1<<62)
	if err := v.Err(); err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.Chats.Messages(r.Context(), u.ID, id, int64(before), limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := make([]*messageJSON, len(list))
	for i, m := range list {
		out[i] = messageOf(m)
	}
	encode(w, http.StatusOK, out)
}

// markRead is POST /api/chats/{id}/read/: the reader has seen the chat.
func (s *Server) markRead(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Chats.MarkRead(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.notify(r, u.ID)
	w.WriteHeader(http.StatusNoContent)
}

var msgChooseParticipant = zabano.Msg{En: "Choose who to chat with.", Fa: "طرف گفت‌وگو را انتخاب کنید."}

// createChat is POST /api/chat/create/: a student names teacher_id, a
// teacher student_id. The pair's existing chat is returned if there is one.
func (s *Server) createChat(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		TeacherID flexString `json:"teacher_id"`
		StudentID flexString `json:"student_id"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	var studentID, teacherID int64
	field := "teacher_id"
	if u.Role == zabano.RoleTeacher {
		field = "student_id"
		studentID, _ = strconv.ParseInt(string(req.StudentID), 10, 64)
		teacherID = u.ID
	} else {
		studentID = u.ID
		teacherID, _ = strconv.ParseInt(string(req.TeacherID), 10, 64)
	}
	if studentID <= 0 || teacherID <= 0 {
		writeError(w, r, zabano.FieldError(field, msgChooseParticipant))
		return
	}
	c, err := s.Chats.OpenChat(r.Context(), studentID, teacherID, u.Role)
	if err != nil {
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusOK, s.chatOf(c, u.ID, lang(r)))
}

// sendMessage is POST /api/messages/send/ (chat_id, content): the saved
// message; both participants' open tabs get it at once.
func (s *Server) sendMessage(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	var req struct {
		ChatID  flexString `json:"chat_id"`
		Content string     `json:"content"`
	}
	if err := decode(r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	content, err := zabano.CheckMessage(req.Content)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := zabano.TakeMessage(r.Context(), s.Limiter, u.ID, s.MessagesPerMinute); err != nil {
		writeError(w, r, err)
		return
	}
	chatID, _ := strconv.ParseInt(string(req.ChatID), 10, 64)
	m, c, err := s.Chats.SendMessage(r.Context(), u.ID, chatID, content)
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.notify(r, c.StudentID, c.TeacherID)
	encode(w, http.StatusCreated, messageOf(m))
}

// notify wakes the users' event streams. The events are saved already, so a
// failed notification only delays them until the stream's next look.
func (s *Server) notify(r *http.Request, userIDs ...int64) {
	if err := s.Notifier.Notify(r.Context(), userIDs...); err != nil {
		s.Logger.ErrorContext(r.Context(), "notify", "err", err)
	}
}
