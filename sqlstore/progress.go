package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/zabano/zabano"
)

// StudentProgress implements zabano.ProgressStore.
func (db *DB) StudentProgress(ctx context.Context, studentID int64, weeks []time.Time) (p *zabano.Progress, err error) {
	p = &zabano.Progress{Weekly: make([]int, len(weeks))}
	err = db.read(ctx, func(tx *Tx) error {
		var level, first sql.NullString
		err := tx.queryRow(ctx, `SELECT u.level, (SELECT l.level FROM student_languages l WHERE l.student_id = u.id ORDER BY l.id LIMIT 1)
			FROM users u WHERE u.id = ?`, studentID).Scan(&level, &first)
		if err != nil {
			return notFound(err, msgStudentNotFound)
		}
		p.Level = level.String
		if p.Level == "" {
			p.Level = first.String
		}
		weekStart := int64(0)
		if len(weeks) > 0 {
			weekStart = ms(weeks[len(weeks)-1])
		}
		err = tx.queryRow(ctx, `SELECT
				COALESCE(SUM(CASE WHEN status = 'done' THEN 1 ELSE 0 END), 0),
				CAST(COALESCE(SUM(CASE WHEN status = 'done' THEN end_at - start_at ELSE 0 END), 0) AS BIGINT) / 60000,
				COALESCE(SUM(CASE WHEN status IN ('booked', 'cancel_pending') AND start_at > ? THEN 1 ELSE 0 END), 0),
				COALESCE(SUM(CASE WHEN status <> 'approved_cancel' AND start_at >= ? AND start_at < ? THEN 1 ELSE 0 END), 0)
			FROM bookings WHERE student_id = ?`,
			ms(tx.now), weekStart, weekStart+(7*24*time.Hour).Milliseconds(), studentID).Scan(&p.Lessons, &p.Minutes, &p.Upcoming, &p.ThisWeek)
		if err != nil || len(weeks) == 0 {
			return err
		}
		rows, err := tx.query(ctx, `SELECT start_at FROM bookings WHERE student_id = ? AND status = 'done' AND start_at >= ?`,
			studentID, ms(weeks[0]))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var at int64
			if err := rows.Scan(&at); err != nil {
				return err
			}
			for i := len(weeks) - 1; i >= 0; i-- {
				if at >= ms(weeks[i]) {
					p.Weekly[i]++
					break
				}
			}
		}
		return rows.Err()
	})
	return p, err
}

// TeacherStudents implements zabano.ProgressStore in one query.
func (db *DB) TeacherStudents(ctx context.Context, teacherID int64) (list []*zabano.TeacherStudent, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		rows, err := tx.query(ctx, `SELECT u.id, u.role, u.username, u.email, u.phone, u.first_name, u.last_name, u.bio, u.photo,
				u.password_hash, u.token_version, u.created_at, u.suspended_at, u.suspended_reason, u.deleted_at, u.email_verified_at, u.level,
				SUM(CASE WHEN b.status <> 'approved_cancel' THEN 1 ELSE 0 END),
				SUM(CASE WHEN b.status = 'done' THEN 1 ELSE 0 END),
				CAST(SUM(CASE WHEN b.status = 'done' THEN b.price ELSE 0 END) AS BIGINT),
				COALESCE(MIN(CASE WHEN b.status IN ('booked', 'cancel_pending') AND b.start_at > ? THEN b.start_at END), 0)
			FROM users u JOIN bookings b ON b.student_id = u.id
			WHERE b.teacher_id = ?
			GROUP BY u.id, u.role, u.username, u.email, u.phone, u.first_name, u.last_name, u.bio, u.photo,
				u.password_hash, u.token_version, u.created_at, u.suspended_at, u.suspended_reason, u.deleted_at, u.email_verified_at, u.level
			ORDER BY u.first_name, u.last_name, u.username`, ms(tx.now), teacherID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var s zabano.TeacherStudent
			var next int64
			u, err := scanUser(rows, &s.Level, &s.Total, &s.Completed, &s.Paid, &next)
			if err != nil {
				return err
			}
			s.User = *u
			if next != 0 {
				s.NextClass = fromMS(next)
			}
			list = append(list, &s)
		}
		return rows.Err()
	})
	return list, err
}

// SetStudentLevel implements zabano.ProgressStore.
func (db *DB) SetStudentLevel(ctx context.Context, teacherID, studentID int64, language, level string) error {
	return db.write(ctx, func(tx *Tx) error {
		var booked bool
		// A deleted student's languages and level are erased, not set again.
		if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bookings b JOIN users u ON u.id = b.student_id
				WHERE b.teacher_id = ? AND b.student_id = ? AND u.deleted_at IS NULL)`,
			teacherID, studentID).Scan(&booked); err != nil {
			return err
		} else if !booked {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgNotYourStudent)
		}
		if _, err := tx.exec(ctx, `UPDATE users SET level = ? WHERE id = ?`, level, studentID); err != nil {
			return err
		}
		if language == "" {
			return nil
		}
		_, err := tx.exec(ctx, `INSERT INTO student_languages (student_id, language, level) VALUES (?, ?, ?)
			ON CONFLICT (student_id, language) DO UPDATE SET level = excluded.level`, studentID, language, level)
		return err
	})
}
