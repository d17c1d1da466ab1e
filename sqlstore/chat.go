package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/zabano/zabano"
)

// attachmentColumns read the file of the message m, also where m comes from
// a LEFT JOIN; attachmentOf makes it of them.
const attachmentColumns = `COALESCE(m.attachment, ''), COALESCE(m.attachment_name, ''), COALESCE(m.attachment_size, 0)`

func attachmentOf(key, name string, size int64) *zabano.Attachment {
	if key == "" {
		return nil
	}
	return &zabano.Attachment{Key: key, Name: name, Size: size}
}

// chatSelect reads chats for the reader ? (bound first): their participants,
// last message, the reader's unread count and the other side's read mark.
const chatSelect = `SELECT c.id, c.student_id, c.teacher_id, c.created_at,
	s.username, s.first_name, s.last_name, s.photo, s.deleted_at, t.username, t.first_name, t.last_name, t.photo, t.deleted_at,
	COALESCE(m.id, 0), COALESCE(m.sender_id, 0), COALESCE(m.content, ''), COALESCE(m.created_at, 0), ` + attachmentColumns + `,
	(SELECT count(*) FROM messages x WHERE x.chat_id = c.id AND x.sender_id <> r.id AND x.id >
		CASE WHEN c.student_id = r.id THEN c.student_read_id ELSE c.teacher_read_id END),
	CASE WHEN c.student_id = r.id THEN c.teacher_read_id ELSE c.student_read_id END
	FROM (SELECT CAST(? AS BIGINT) AS id) r, chats c
	JOIN users s ON s.id = c.student_id JOIN users t ON t.id = c.teacher_id
	LEFT JOIN messages m ON m.id = c.last_message_id`

func scanChat(row interface{ Scan(...any) error }) (*zabano.Chat, error) {
	var c zabano.Chat
	var m zabano.Message
	var created, msgAt, fileSize int64
	var file, fileName string
	var studentDeleted, teacherDeleted sql.NullInt64
	err := row.Scan(&c.ID, &c.StudentID, &c.TeacherID, &created,
		&c.Student.Username, &c.Student.FirstName, &c.Student.LastName, &c.Student.Photo, &studentDeleted,
		&c.Teacher.Username, &c.Teacher.FirstName, &c.Teacher.LastName, &c.Teacher.Photo, &teacherDeleted,
		&m.ID, &m.SenderID, &m.Content, &msgAt, &file, &fileName, &fileSize, &c.Unread, &c.OtherReadID)
	if err != nil {
		return nil, notFound(err, zabano.MsgChatNotFound)
	}
	c.CreatedAt = fromMS(created)
	c.Student.DeletedAt, c.Teacher.DeletedAt = fromNullMS(studentDeleted), fromNullMS(teacherDeleted)
	c.Student.ID, c.Student.Role = c.StudentID, zabano.RoleStudent
	c.Teacher.ID, c.Teacher.Role = c.TeacherID, zabano.RoleTeacher
	if m.ID != 0 {
		m.ChatID, m.CreatedAt, m.Attachment = c.ID, fromMS(msgAt), attachmentOf(file, fileName, fileSize)
		c.LastMessage = &m
	}
	return &c, nil
}

func findChat(ctx context.Context, tx *Tx, userID, chatID int64) (*zabano.Chat, error) {
	return scanChat(tx.queryRow(ctx, chatSelect+`
		WHERE c.id = ? AND (c.student_id = r.id OR c.teacher_id = r.id)`, userID, chatID))
}

// OpenChat implements zabano.ChatStore.
func (db *DB) OpenChat(ctx context.Context, studentID, teacherID int64, by zabano.Role) (c *zabano.Chat, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		for _, p := range []struct {
			id   int64
			role zabano.Role
			msg  zabano.Msg
		}{{studentID, zabano.RoleStudent, zabano.MsgNotAStudent}, {teacherID, zabano.RoleTeacher, zabano.MsgNotATeacher}} {
			var ok bool
			if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE id = ? AND role = ? AND deleted_at IS NULL)`, p.id, p.role).Scan(&ok); err != nil {
				return err
			} else if !ok {
				return zabano.Errorf(zabano.ENOTFOUND, p.msg)
			}
		}
		var id int64
		err := tx.queryRow(ctx, `SELECT id FROM chats WHERE student_id = ? AND teacher_id = ?`, studentID, teacherID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			if by == zabano.RoleTeacher {
				var booked bool
				if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bookings WHERE student_id = ? AND teacher_id = ?)`,
					studentID, teacherID).Scan(&booked); err != nil {
					return err
				} else if !booked {
					return zabano.Errorf(zabano.EFORBIDDEN, zabano.MsgChatNotAllowed)
				}
			}
			err = tx.queryRow(ctx, `INSERT INTO chats (student_id, teacher_id, created_at, last_activity_at) VALUES (?, ?, ?, ?)
				RETURNING id`, studentID, teacherID, ms(tx.now), ms(tx.now)).Scan(&id)
		}
		if err != nil {
			return err
		}
		reader := studentID
		if by == zabano.RoleTeacher {
			reader = teacherID
		}
		c, err = findChat(ctx, tx, reader, id)
		return err
	})
	return c, err
}

// ChatsOf implements zabano.ChatStore.
func (db *DB) ChatsOf(ctx context.Context, userID int64) (list []*zabano.Chat, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, chatSelect+`
			WHERE c.student_id = r.id OR c.teacher_id = r.id ORDER BY c.last_activity_at DESC, c.id DESC`, userID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, err := scanChat(rows)
			if err != nil {
				return err
			}
			list = append(list, c)
		}
		return rows.Err()
	})
	return list, err
}

// FindChat implements zabano.ChatStore.
func (db *DB) FindChat(ctx context.Context, userID, chatID int64) (c *zabano.Chat, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		c, err = findChat(ctx, tx, userID, chatID)
		return err
	})
	return c, err
}

// Messages implements zabano.ChatStore: the page is read newest first from
// the index and returned oldest first.
func (db *DB) Messages(ctx context.Context, userID, chatID, before int64, limit int) (list []*zabano.Message, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		if _, err := findChat(ctx, tx, userID, chatID); err != nil {
			return err
		}
		q := `SELECT m.id, m.sender_id, m.content, m.created_at, ` + attachmentColumns + ` FROM messages m WHERE m.chat_id = ?`
		args := []any{chatID}
		if before > 0 {
			q, args = q+` AND m.id < ?`, append(args, before)
		}
		rows, err := tx.query(ctx, q+` ORDER BY m.id DESC`+limitOffset(limit, 0), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m := &zabano.Message{ChatID: chatID}
			var at, fileSize int64
			var file, fileName string
			if err := rows.Scan(&m.ID, &m.SenderID, &m.Content, &at, &file, &fileName, &fileSize); err != nil {
				return err
			}
			m.CreatedAt, m.Attachment = fromMS(at), attachmentOf(file, fileName, fileSize)
			list = append(list, m)
		}
		return rows.Err()
	})
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	return list, err
}

// readColumn is the column of the chat's read mark of userID.
func readColumn(c *zabano.Chat, userID int64) string {
	if c.StudentID == userID {
		return "student_read_id"
	}
	return "teacher_read_id"
}

// SendMessage implements zabano.ChatStore.
func (db *DB) SendMessage(ctx context.Context, userID, chatID int64, content string, att *zabano.Attachment, max int) (m *zabano.Message, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		c, err := findChat(ctx, tx, userID, chatID)
		if err != nil {
			return err
		}
		if other := c.Other(userID); other.Deleted() {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgChatDeleted)
		}
		// Both users' events and the limit are locked in one statement (lockKeys).
		keys := []string{eventsKey(c.StudentID), eventsKey(c.TeacherID)}
		if max > 0 {
			keys = append(keys, zabano.MessageLimitKey(userID))
		}
		if err := lockKeys(ctx, tx, keys...); err != nil {
			return err
		}
		if max > 0 {
			if err := take(ctx, tx, zabano.MessageLimitKey(userID), max, zabano.MessageWindow); err != nil {
				return err
			}
		}
		m = &zabano.Message{ChatID: chatID, SenderID: userID, Content: content, CreatedAt: tx.now, Attachment: att}
		var file any
		var fileName string
		var fileSize int64
		if att != nil {
			file, fileName, fileSize = att.Key, att.Name, att.Size
		}
		if err := tx.queryRow(ctx, `INSERT INTO messages (chat_id, sender_id, content, created_at, attachment, attachment_name, attachment_size)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			chatID, userID, content, ms(tx.now), file, fileName, fileSize).Scan(&m.ID); err != nil {
			return err
		}
		// The sender has read what they wrote.
		if _, err := tx.exec(ctx, `UPDATE chats SET last_message_id = ?, last_activity_at = ?, `+readColumn(c, userID)+` = ? WHERE id = ?`,
			m.ID, ms(tx.now), m.ID, chatID); err != nil {
			return err
		}
		if err := addEvents(ctx, tx,
			zabano.Event{UserID: c.StudentID, Type: "message", ChatID: chatID, Message: m},
			zabano.Event{UserID: c.TeacherID, Type: "message", ChatID: chatID, Message: m}); err != nil {
			return err
		}
		c.LastMessage = m
		return notifyUnread(ctx, tx, c, userID)
	})
	return m, err
}

// addEvents records events (their ID, PrevID and CreatedAt are filled) for
// the transaction to announce when it commits. It first locks the events of
// their users until the commit, so that each user's events commit in the
// order of their ids and PrevID is the one committed before: a stream that
// reads after its last id, or follows PrevID, cannot pass over an event
// committed late. A transaction adds its events in one call, at most one
// per user, and they are written in one statement: each row's PrevID reads
// its user's events before the statement.
func addEvents(ctx context.Context, tx *Tx, events ...zabano.Event) error {
	keys := make([]string, len(events))
	args := make([]any, 0, 8*len(events))
	byUser := make(map[int64]*zabano.Event, len(events))
	for i := range events {
		e := &events[i]
		if byUser[e.UserID] != nil {
			return fmt.Errorf("addEvents: two events of user %d", e.UserID)
		}
		byUser[e.UserID] = e
		keys[i] = eventsKey(e.UserID)
		// message_id is the new message of a "message" event, the read mark of a "seen" one.
		var msg, note any
		switch {
		case e.Message != nil:
			msg = e.Message.ID
		case e.ReadID != 0:
			msg = e.ReadID
		}
		if e.Notification != nil {
			note = e.Notification.ID
		}
		e.CreatedAt = tx.now
		args = append(args, e.UserID, e.Type, e.ChatID, msg, note, ms(tx.now), e.UserID)
	}
	if err := lockKeys(ctx, tx, keys...); err != nil {
		return err
	}
	values := repeated(`(?, ?, ?, ?, ?, ?, (SELECT COALESCE(max(id), 0) FROM events WHERE user_id = ?))`, len(events))
	err := scanAll(ctx, tx, func(rows *sql.Rows) error {
		var user, id, prev int64
		if err := rows.Scan(&user, &id, &prev); err != nil {
			return err
		}
		byUser[user].ID, byUser[user].PrevID = id, prev
		return nil
	}, `INSERT INTO events (user_id, type, chat_id, message_id, notification_id, created_at, prev_id)
		VALUES `+values+` RETURNING user_id, id, prev_id`, args...)
	if err != nil {
		return err
	}
	tx.events = append(tx.events, events...)
	return nil
}

// eventsKey is the lock (lockKeys) on the events of a user.
func eventsKey(userID int64) string { return "events:" + strconv.FormatInt(userID, 10) }

// MarkRead implements zabano.ChatStore.
func (db *DB) MarkRead(ctx context.Context, userID, chatID int64) error {
	return db.write(ctx, func(tx *Tx) error {
		c, err := findChat(ctx, tx, userID, chatID)
		if err != nil {
			return err
		}
		col := readColumn(c, userID)
		var read int64
		err = tx.queryRow(ctx, `UPDATE chats SET `+col+` = last_message_id WHERE id = ? AND `+col+` < COALESCE(last_message_id, 0)
			RETURNING `+col, chatID).Scan(&read)
		events := []zabano.Event{{UserID: userID, Type: "read", ChatID: chatID}}
		switch {
		case errors.Is(err, sql.ErrNoRows): // read already: the other side knows
		case err != nil:
			return err
		default:
			// The read receipt: the other side's tabs show their messages read.
			events = append(events, zabano.Event{UserID: c.Other(userID).ID, Type: "seen", ChatID: chatID, ReadID: read})
		}
		return addEvents(ctx, tx, events...)
	})
}

// FindAttachment implements zabano.ChatStore.
func (db *DB) FindAttachment(ctx context.Context, userID, messageID int64) (a *zabano.Attachment, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		var file, fileName string
		var fileSize int64
		err := tx.queryRow(ctx, `SELECT `+attachmentColumns+` FROM messages m JOIN chats c ON c.id = m.chat_id
			WHERE m.id = ? AND (c.student_id = ? OR c.teacher_id = ?)`, messageID, userID, userID).Scan(&file, &fileName, &fileSize)
		if err != nil {
			return notFound(err, zabano.MsgAttachmentNotFound)
		}
		if a = attachmentOf(file, fileName, fileSize); a == nil {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgAttachmentNotFound)
		}
		return nil
	})
	return a, err
}

// EventsAfter implements zabano.ChatStore. A notification's event comes
// with the notification and the user's unread count.
func (db *DB) EventsAfter(ctx context.Context, userID, after int64, limit int) (list []zabano.Event, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, `SELECT e.id, COALESCE(e.prev_id, 0), e.type, e.chat_id, e.created_at,
				COALESCE(m.id, 0), COALESCE(m.sender_id, 0), COALESCE(m.content, ''), COALESCE(m.created_at, 0), `+attachmentColumns+`,
				COALESCE(n.id, 0), COALESCE(n.user_id, 0), COALESCE(n.kind, ''), COALESCE(n.object_type, ''), COALESCE(n.object_id, 0),
				COALESCE(n.about_id, 0), COALESCE(n.data, '{}'), COALESCE(n.created_at, 0), COALESCE(n.due_at, 0),
				COALESCE(n.read_at, 0), a.deleted_at
			FROM events e LEFT JOIN messages m ON m.id = e.message_id
			LEFT JOIN notifications n ON n.id = e.notification_id LEFT JOIN users a ON a.id = n.about_id
			WHERE e.user_id = ? AND e.id > ? ORDER BY e.id`+limitOffset(limit, 0), userID, after)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e := zabano.Event{UserID: userID}
			var m zabano.Message
			var n zabano.Notification
			var at, msgAt, fileSize int64
			var file, fileName string
			ns := notificationScan{n: &n}
			if err := rows.Scan(append([]any{&e.ID, &e.PrevID, &e.Type, &e.ChatID, &at, &m.ID, &m.SenderID, &m.Content, &msgAt, &file, &fileName, &fileSize}, ns.dest()...)...); err != nil {
				return err
			}
			e.CreatedAt = fromMS(at)
			switch {
			case e.Type == "seen":
				e.ReadID = m.ID
			case m.ID != 0:
				m.ChatID, m.CreatedAt, m.Attachment = e.ChatID, fromMS(msgAt), attachmentOf(file, fileName, fileSize)
				e.Message = &m
			}
			if n.ID != 0 {
				if err := ns.finish(); err != nil {
					return err
				}
				e.Notification = &n
			}
			list = append(list, e)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		unread := -1 // counted once, if a notification needs it
		for i := range list {
			if list[i].Notification == nil {
				continue
			}
			if unread < 0 {
				if unread, err = unreadCount(ctx, tx, userID); err != nil {
					return err
				}
			}
			list[i].Unread = unread
		}
		return nil
	})
	return list, err
}

// LastEventID implements zabano.ChatStore.
func (db *DB) LastEventID(ctx context.Context, userID int64) (id int64, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		return tx.queryRow(ctx, `SELECT COALESCE(max(id), 0) FROM events WHERE user_id = ?`, userID).Scan(&id)
	})
	return id, err
}

// PruneEvents deletes events older than zabano.EventTTL.
func (db *DB) PruneEvents(ctx context.Context) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `DELETE FROM events WHERE created_at < ?`, ms(tx.now.Add(-zabano.EventTTL)))
		return err
	})
}

// Pool is the database's connection pool for PostgreSQL NOTIFY; nil on SQLite.
func (db *DB) Pool() *sql.DB {
	if !db.pg {
		return nil
	}
	return db.writer
}
