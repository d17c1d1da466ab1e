package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
)

type messageJSON struct {
	ID         int64           `json:"id"`
	ChatID     int64           `json:"chat_id"`
	Sender     int64           `json:"sender"`
	Content    string          `json:"content"`
	Timestamp  time.Time       `json:"timestamp"`
	Attachment *attachmentJSON `json:"attachment"`
}

// attachmentJSON is a message's file; URL is a download link signed for
// the reader.
type attachmentJSON struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Size int64  `json:"size"`
	URL  string `json:"url"`
}

// attachmentLinkTTL is how long an attachment's link surely works. Links
// made in the same period are the same, so that the browser keeps an image
// it has shown (Cache-Control) instead of fetching it again with each new
// page of messages; each works for one to two periods.
const attachmentLinkTTL = time.Hour

// messageOf is m as readerID, one of its chat's two sides, is shown it.
func (s *Server) messageOf(m *zabano.Message, readerID int64) *messageJSON {
	if m == nil {
		return nil
	}
	out := &messageJSON{ID: m.ID, ChatID: m.ChatID, Sender: m.SenderID, Content: m.Content, Timestamp: m.CreatedAt}
	if a := m.Attachment; a != nil {
		exp := s.Now().Truncate(attachmentLinkTTL).Add(2 * attachmentLinkTTL).Unix()
		out.Attachment = &attachmentJSON{Name: a.Name, Type: media.ContentType(a.Key), Size: a.Size,
			URL: fmt.Sprintf("%s/api/messages/%d/attachment/?%s", s.PublicURL, m.ID, s.signLink("attachment", m.ID, readerID, exp))}
	}
	return out
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
	// OtherReadID is the newest message the other side has read: the
	// reader's messages up to it show as read.
	OtherReadID int64     `json:"other_read_id"`
	CreatedAt   time.Time `json:"created_at"`
}

// chatOf is c as readerID's list shows it, the name of another side who
// deleted their account in the language l.
func (s *Server) chatOf(c *zabano.Chat, readerID int64, l string) chatJSON {
	o := c.Other(readerID)
	return chatJSON{
		ID: c.ID, Teacher: c.TeacherID, Student: c.StudentID,
		Participant: participantJSON{personJSON{o.ID, o.Username, nameOf(&o, l), s.mediaURL(o.Photo)}, o.Role},
		LastMessage: s.messageOf(c.LastMessage, readerID), Unread: c.Unread, OtherReadID: c.OtherReadID, CreatedAt: c.CreatedAt,
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
		out[i] = s.messageOf(m, u.ID)
	}
	encode(w, http.StatusOK, out)
}

// markRead is POST /api/chats/{id}/read/: the reader has seen the chat. Their
// other tabs are told, and the other side's, which show their messages read.
func (s *Server) markRead(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Chats.MarkRead(r.Context(), u.ID, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
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

// sendMessage is POST /api/messages/send/ (chat_id, content; in a multipart
// form also a file, an image or a PDF): the saved message; both
// participants' open tabs get it at once. A file of a message that is
// refused is removed.
func (s *Server) sendMessage(w http.ResponseWriter, r *http.Request, u *zabano.User) {
	up, err := s.readUpload(r, u, map[string]fileField{"file": {kind: media.Attachment}})
	if err != nil {
		writeError(w, r, err)
		return
	}
	var att *zabano.Attachment
	if f := up.files["file"]; len(f) > 0 {
		att = &zabano.Attachment{Key: f[0].key, Name: f[0].name, Size: f[0].size}
	}
	content, err := zabano.CheckMessage(up.fields["content"], att != nil)
	var m *zabano.Message
	if err == nil {
		chatID, _ := strconv.ParseInt(strings.TrimSpace(up.fields["chat_id"]), 10, 64)
		m, err = s.Chats.SendMessage(r.Context(), u.ID, chatID, content, att, s.MessagesPerMinute)
	}
	if err != nil {
		s.discard(r.Context(), up)
		writeError(w, r, err)
		return
	}
	encode(w, http.StatusCreated, s.messageOf(m, u.ID))
}

var msgAttachmentLinkExpired = zabano.Msg{En: "This file's link has expired. Open the chat again.", Fa: "لینک این فایل منقضی شده است. دوباره گفت‌وگو را باز کنید."}

// messageAttachment is GET /api/messages/{id}/attachment/?u=&exp=&sig=: a
// message's file, for the side of its chat the link was signed for. Images
// are shown in the chat; PDFs are downloads, never opened as pages of the
// app's origin.
func (s *Server) messageAttachment(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	var userID int64
	if err == nil {
		userID, err = s.linkUser(r, "attachment", id, msgAttachmentLinkExpired)
	}
	var a *zabano.Attachment
	if err == nil {
		a, err = s.Chats.FindAttachment(r.Context(), userID, id)
	}
	var f media.File
	if err == nil {
		f, err = s.Media.Open(r.Context(), a.Key)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer f.Close()
	ctype := media.ContentType(a.Key)
	typ := "attachment"
	if strings.HasPrefix(ctype, "image/") {
		typ = "inline"
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Content-Disposition", disposition(typ, a.Name))
	// The link works until its exp: the browser may keep the file that long.
	exp, _ := strconv.ParseInt(r.URL.Query().Get("exp"), 10, 64)
	h.Set("Cache-Control", fmt.Sprintf("private, max-age=%d", max(0, exp-s.Now().Unix())))
	http.ServeContent(w, r, "", time.Time{}, f)
}
