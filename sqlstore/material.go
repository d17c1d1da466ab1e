package sqlstore

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

var (
	msgCourseNotFound = zabano.Msg{En: "Course not found.", Fa: "دوره یافت نشد."}
	msgNoteNotFound   = zabano.Msg{En: "Note not found.", Fa: "یادداشت یافت نشد."}
)

// studentsTeachers are the teachers the student ? booked (a booking not
// cancelled): whose materials and courses the student may see.
const studentsTeachers = `(SELECT b.teacher_id FROM bookings b WHERE b.student_id = ? AND b.status <> 'approved_cancel')`

const materialSelect = `SELECT m.id, m.teacher_id, m.title, m.description, m.material_type, m.link_url, m.file, m.file_name, m.created_at,
	u.username, u.first_name, u.last_name FROM materials m JOIN users u ON u.id = m.teacher_id`

func scanMaterial(row interface{ Scan(...any) error }) (*zabano.Material, error) {
	var m zabano.Material
	var at int64
	err := row.Scan(&m.ID, &m.TeacherID, &m.Title, &m.Description, &m.Type, &m.LinkURL, &m.File, &m.FileName, &at,
		&m.Teacher.Username, &m.Teacher.FirstName, &m.Teacher.LastName)
	if err != nil {
		return nil, notFound(err, zabano.MsgMaterialNotFound)
	}
	m.CreatedAt, m.Teacher.ID = fromMS(at), m.TeacherID
	return &m, nil
}

// teachersSeenBy is the set, with its argument, of the teachers whose
// materials and courses u may see: a teacher their own, a student those
// they booked.
func teachersSeenBy(u *zabano.User) (string, any) {
	if u.Role == zabano.RoleTeacher {
		return `(?)`, u.ID
	}
	return studentsTeachers, u.ID
}

// CreateMaterial implements zabano.MaterialStore.
func (db *DB) CreateMaterial(ctx context.Context, m *zabano.Material) error {
	return db.write(ctx, func(tx *Tx) error {
		m.CreatedAt = tx.now
		return tx.queryRow(ctx, `INSERT INTO materials (teacher_id, title, description, material_type, link_url, file, file_name, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			m.TeacherID, m.Title, m.Description, m.Type, m.LinkURL, m.File, m.FileName, ms(m.CreatedAt)).Scan(&m.ID)
	})
}

// UpdateMaterial implements zabano.MaterialStore: title, description and link.
func (db *DB) UpdateMaterial(ctx context.Context, teacherID int64, m *zabano.Material) error {
	return db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE materials SET title = ?, description = ?, link_url = ? WHERE id = ? AND teacher_id = ?`,
			m.Title, m.Description, m.LinkURL, m.ID, teacherID)
		if err != nil {
			return err
		}
		return oneRow(res, zabano.MsgMaterialNotFound)
	})
}

// DeleteMaterial implements zabano.MaterialStore.
func (db *DB) DeleteMaterial(ctx context.Context, teacherID, id int64) (file string, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		err := tx.queryRow(ctx, `DELETE FROM materials WHERE id = ? AND teacher_id = ? RETURNING file`, id, teacherID).Scan(&file)
		return notFound(err, zabano.MsgMaterialNotFound)
	})
	return file, err
}

// MaterialsFor implements zabano.MaterialStore.
func (db *DB) MaterialsFor(ctx context.Context, u *zabano.User) (list []*zabano.Material, err error) {
	seen, arg := teachersSeenBy(u)
	err = db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, materialSelect+` WHERE m.teacher_id IN `+seen+` ORDER BY m.created_at DESC, m.id DESC`, arg)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			m, err := scanMaterial(rows)
			if err != nil {
				return err
			}
			list = append(list, m)
		}
		return rows.Err()
	})
	return list, err
}

// FindMaterialFor implements zabano.MaterialStore.
func (db *DB) FindMaterialFor(ctx context.Context, u *zabano.User, id int64) (m *zabano.Material, err error) {
	seen, arg := teachersSeenBy(u)
	err = db.read(ctx, func(tx *Tx) error {
		m, err = scanMaterial(tx.queryRow(ctx, materialSelect+` WHERE m.id = ? AND m.teacher_id IN `+seen, id, arg))
		return err
	})
	return m, err
}

func daysText(days []time.Weekday) string {
	s := make([]string, len(days))
	for i, d := range days {
		s[i] = strconv.Itoa(int(d))
	}
	return strings.Join(s, ",")
}

func parseDays(s string) []time.Weekday {
	var out []time.Weekday
	for _, p := range strings.Split(s, ",") {
		if d, err := strconv.Atoi(p); err == nil {
			out = append(out, time.Weekday(d))
		}
	}
	return out
}

// SaveCourse implements zabano.MaterialStore: it creates c, or updates it
// when c.ID is set and the course is c.TeacherID's.
func (db *DB) SaveCourse(ctx context.Context, c *zabano.Course) error {
	return db.write(ctx, func(tx *Tx) error {
		if c.ID == 0 {
			c.CreatedAt = tx.now
			return tx.queryRow(ctx, `INSERT INTO courses (teacher_id, title, description, class_link, days, start_time, active, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
				c.TeacherID, c.Title, c.Description, c.ClassLink, daysText(c.Days), c.StartTime, c.Active, ms(c.CreatedAt)).Scan(&c.ID)
		}
		var created int64
		err := tx.queryRow(ctx, `UPDATE courses SET title = ?, description = ?, class_link = ?, days = ?, start_time = ?, active = ?
			WHERE id = ? AND teacher_id = ? RETURNING created_at`,
			c.Title, c.Description, c.ClassLink, daysText(c.Days), c.StartTime, c.Active, c.ID, c.TeacherID).Scan(&created)
		c.CreatedAt = fromMS(created)
		return notFound(err, msgCourseNotFound)
	})
}

// DeleteCourse implements zabano.MaterialStore.
func (db *DB) DeleteCourse(ctx context.Context, teacherID, id int64) error {
	return db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM courses WHERE id = ? AND teacher_id = ?`, id, teacherID)
		if err != nil {
			return err
		}
		return oneRow(res, msgCourseNotFound)
	})
}

// CoursesFor implements zabano.MaterialStore.
func (db *DB) CoursesFor(ctx context.Context, u *zabano.User) (list []*zabano.Course, err error) {
	seen, arg := teachersSeenBy(u)
	cond := `c.teacher_id IN ` + seen
	if u.Role == zabano.RoleStudent {
		cond += ` AND c.active`
	}
	err = db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, `SELECT c.id, c.teacher_id, c.title, c.description, c.class_link, c.days, c.start_time, c.active, c.created_at,
				u.username, u.first_name, u.last_name
			FROM courses c JOIN users u ON u.id = c.teacher_id WHERE `+cond+` ORDER BY c.id`, arg)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c zabano.Course
			var days string
			var at int64
			if err := rows.Scan(&c.ID, &c.TeacherID, &c.Title, &c.Description, &c.ClassLink, &days, &c.StartTime, &c.Active, &at,
				&c.Teacher.Username, &c.Teacher.FirstName, &c.Teacher.LastName); err != nil {
				return err
			}
			c.Days, c.CreatedAt, c.Teacher.ID = parseDays(days), fromMS(at), c.TeacherID
			list = append(list, &c)
		}
		return rows.Err()
	})
	return list, err
}

// SaveNote implements zabano.MaterialStore: it creates n, or updates it when
// n.ID is set and the note is n.StudentID's.
func (db *DB) SaveNote(ctx context.Context, n *zabano.StudyNote) error {
	return db.write(ctx, func(tx *Tx) error {
		n.UpdatedAt = tx.now
		if n.ID == 0 {
			n.CreatedAt = tx.now
			return tx.queryRow(ctx, `INSERT INTO study_notes (student_id, title, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
				n.StudentID, n.Title, n.Content, ms(n.CreatedAt), ms(n.UpdatedAt)).Scan(&n.ID)
		}
		var created int64
		err := tx.queryRow(ctx, `UPDATE study_notes SET title = ?, content = ?, updated_at = ? WHERE id = ? AND student_id = ? RETURNING created_at`,
			n.Title, n.Content, ms(n.UpdatedAt), n.ID, n.StudentID).Scan(&created)
		n.CreatedAt = fromMS(created)
		return notFound(err, msgNoteNotFound)
	})
}

// DeleteNote implements zabano.MaterialStore.
func (db *DB) DeleteNote(ctx context.Context, studentID, id int64) error {
	return db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM study_notes WHERE id = ? AND student_id = ?`, id, studentID)
		if err != nil {
			return err
		}
		return oneRow(res, msgNoteNotFound)
	})
}

// Notes implements zabano.MaterialStore: oldest first, so the dashboard's
// first two are stable.
func (db *DB) Notes(ctx context.Context, studentID int64) (list []*zabano.StudyNote, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, `SELECT id, title, content, created_at, updated_at FROM study_notes WHERE student_id = ? ORDER BY id`, studentID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			n := &zabano.StudyNote{StudentID: studentID}
			var c, u int64
			if err := rows.Scan(&n.ID, &n.Title, &n.Content, &c, &u); err != nil {
				return err
			}
			n.CreatedAt, n.UpdatedAt = fromMS(c), fromMS(u)
			list = append(list, n)
		}
		return rows.Err()
	})
	return list, err
}
