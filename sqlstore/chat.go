package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/zabano/zabano"
)

// chatSelect reads chats for the reader ? (bound first): their participants,
// last message and the reader's unread count.
const chatSelect = `SELECT c.id, c.student_id, c.teacher_id, c.created_at,
	s.username, s.first_name, s.last_name, s.photo, s.deleted_at, t.username, t.first_name, t.last_name, t.photo, t.deleted_at,
	COALESCE(m.id, 0), COALESCE(m.sender_id, 0), COALESCE(m.content, ''), COALESCE(m.created_at, 0),
	(SELECT count(*) FROM messages x WHERE x.chat_id = c.id AND x.sender_id <> r.id AND x.id >
		CASE WHEN c.student_id = r.id THEN c.student_read_id ELSE c.teacher_read_id END)
	FROM (SELECT CAST(? AS BIGINT) AS id) r, chats c
	JOIN users s ON s.id = c.student_id JOIN users t ON t.id = c.teacher_id
	LEFT JOIN messages m ON m.id = c.last_message_id`

func scanChat(row interface{ Scan(...any) error }) (*zabano.Chat, error) {
	var c zabano.Chat
	var m zabano.Message
	var created, msgAt int64
	var studentDeleted, teacherDeleted sql.NullInt64
	err := row.Scan(&c.ID, &c.StudentID, &c.TeacherID, &created,
		&c.Student.Username, &c.Student.FirstName, &c.Student.LastName, &c.Student.Photo, &studentDeleted,
		&c.Teacher.Username, &c.Teacher.FirstName, &c.Teacher.LastName, &c.Teacher.Photo, &teacherDeleted,
		&m.ID, &m.SenderID, &m.Content, &msgAt, &c.Unread)
	if err != nil {
		return nil, notFound(err, zabano.MsgChatNotFound)
	}
	c.CreatedAt = fromMS(created)
	c.Student.DeletedAt, c.Teacher.DeletedAt = fromNullMS(studentDeleted), fromNullMS(teacherDeleted)
	c.Student.ID, c.Student.Role = c.StudentID, zabano.RoleStudent
	c.Teacher.ID, c.Teacher.Role = c.TeacherID, zabano.RoleTeacher
	if m.ID != 0 {
		m.ChatID, m.CreatedAt = c.ID, fromMS(msgAt)
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
		q := `SELECT id, sender_id, content, created_at FROM messages WHERE chat_id = ?`
		args := []any{chatID}
		if before > 0 {
			q, args = q+` AND id < ?`, append(args, before)
		}
		rows, err := tx.query(ctx, q+` ORDER BY id DESC LIMIT ?`, append(args, limit)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m := &zabano.Message{ChatID: chatID}
			var at int64
			if err := rows.Scan(&m.ID, &m.SenderID, &m.Content, &at); err != nil {
				return err
			}
			m.CreatedAt = fromMS(at)
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
func (db *DB) SendMessage(ctx context.Context, userID, chatID int64, content string) (m *zabano.Message, c *zabano.Chat, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		if c, err = findChat(ctx, tx, userID, chatID); err != nil {
			return err
		}
		if other := c.Other(userID); other.Deleted() {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgChatDeleted)
		}
		m = &zabano.Message{ChatID: chatID, SenderID: userID, Content: content, CreatedAt: tx.now}
		if err := tx.queryRow(ctx, `INSERT INTO messages (chat_id, sender_id, content, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
			chatID, userID, content, ms(tx.now)).Scan(&m.ID); err != nil {
			return err
		}
		// The sender has read what they wrote.
		if _, err := tx.exec(ctx, `UPDATE chats SET last_message_id = ?, last_activity_at = ?, `+readColumn(c, userID)+` = ? WHERE id = ?`,
			m.ID, ms(tx.now), m.ID, chatID); err != nil {
			return err
		}
		for _, to := range []int64{c.StudentID, c.TeacherID} {
			if err := addEvent(ctx, tx, to, "message", chatID, m.ID); err != nil {
				return err
			}
		}
		c.LastMessage = m
		return nil
	})
	return m, c, err
}

func addEvent(ctx context.Context, tx *Tx, userID int64, typ string, chatID, messageID int64) error {
	var msg any
	if messageID != 0 {
		msg = messageID
	}
	_, err := tx.exec(ctx, `INSERT INTO events (user_id, type, chat_id, message_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		userID, typ, chatID, msg, ms(tx.now))
	return err
}

// MarkRead implements zabano.ChatStore.
func (db *DB) MarkRead(ctx context.Context, userID, chatID int64) error {
	return db.write(ctx, func(tx *Tx) error {
		c, err := findChat(ctx, tx, userID, chatID)
		if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE chats SET `+readColumn(c, userID)+` = COALESCE(last_message_id, 0) WHERE id = ?`, chatID); err != nil {
			return err
		}
		return addEvent(ctx, tx, userID, "read", chatID, 0)
	})
}

// EventsAfter implements zabano.ChatStore.
func (db *DB) EventsAfter(ctx context.Context, userID, after int64, limit int) (list []zabano.Event, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, `SELECT e.id, e.type, e.chat_id, e.created_at,
				COALESCE(m.id, 0), COALESCE(m.sender_id, 0), COALESCE(m.content, ''), COALESCE(m.created_at, 0)
			FROM events e LEFT JOIN messages m ON m.id = e.message_id
			WHERE e.user_id = ? AND e.id > ? ORDER BY e.id LIMIT ?`, userID, after, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e := zabano.Event{UserID: userID}
			var m zabano.Message
			var at, msgAt int64
			if err := rows.Scan(&e.ID, &e.Type, &e.ChatID, &at, &m.ID, &m.SenderID, &m.Content, &msgAt); err != nil {
				return err
			}
			e.CreatedAt = fromMS(at)
			if m.ID != 0 {
				m.ChatID, m.CreatedAt = e.ChatID, fromMS(msgAt)
				e.Message = &m
			}
			list = append(list, e)
		}
		return rows.Err()
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
