package sqlstore

import (
	"context"

	"github.com/zabano/zabano"
)

var (
	msgStudentNotFound  = zabano.Msg{En: "Student not found.", Fa: "زبان‌آموز یافت نشد."}
	msgLanguageNotFound = zabano.Msg{En: "Language not found.", Fa: "زبان یافت نشد."}
)

// FindStudentProfile implements zabano.StudentStore.
func (db *DB) FindStudentProfile(ctx context.Context, studentID int64) (p *zabano.StudentProfile, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		p, err = findStudentProfile(ctx, tx, studentID)
		return err
	})
	return p, err
}

func findStudentProfile(ctx context.Context, tx *Tx, studentID int64) (*zabano.StudentProfile, error) {
	var p zabano.StudentProfile
	var level string
	u, err := scanUser(tx.queryRow(ctx, `SELECT `+userColumns+`, level FROM users WHERE id = ? AND role = 'student'`, studentID), &level)
	if err != nil {
		return nil, notFound(err, msgStudentNotFound)
	}
	p.User, p.Level = *u, level
	rows, err := tx.query(ctx, `SELECT id, language, level FROM student_languages WHERE student_id = ? ORDER BY id`, studentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var l zabano.StudentLanguage
		if err := rows.Scan(&l.ID, &l.Language, &l.Level); err != nil {
			return nil, err
		}
		p.Languages = append(p.Languages, l)
	}
	return &p, rows.Err()
}

// UpdateStudentProfile implements zabano.StudentStore.
func (db *DB) UpdateStudentProfile(ctx context.Context, studentID int64, u *zabano.StudentUpdate, codeHash string) (p *zabano.StudentProfile, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		if _, err := findStudentProfile(ctx, tx, studentID); err != nil {
			return err
		}
		var v zabano.Validation
		var taken bool
		if u.Username != nil {
			if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(?) AND id <> ?)`,
				*u.Username, studentID).Scan(&taken); err != nil {
				return err
			} else if taken {
				v.Add("username", zabano.MsgUsernameTaken)
			}
		}
		if u.Phone != nil {
			if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE phone = ? AND id <> ?)`,
				*u.Phone, studentID).Scan(&taken); err != nil {
				return err
			} else if taken {
				v.Add("phone", zabano.MsgPhoneTaken)
			}
		}
		if err := v.Err(); err != nil {
			return err
		}
		if u.Phone != nil {
			if err := consumeCode(ctx, tx, *u.Phone, codeHash); err != nil {
				return err
			}
		}
		err := update(ctx, tx, "users", "id", studentID, map[string]any{
			"username": u.Username, "first_name": u.FirstName, "last_name": u.LastName,
			"bio": u.Bio, "phone": u.Phone,
		})
		if err == nil {
			err = setEmail(ctx, tx, studentID, u.Email)
		}
		if name, ok := uniqueViolation(err); ok {
			return takenError(name)
		} else if err != nil {
			return err
		}
		p, err = findStudentProfile(ctx, tx, studentID)
		return err
	})
	return p, err
}

// SetUserPhoto implements zabano.StudentStore.
func (db *DB) SetUserPhoto(ctx context.Context, userID int64, key string) (old string, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		if err := tx.queryRow(ctx, `SELECT photo FROM users WHERE id = ?`, userID).Scan(&old); err != nil {
			return notFound(err, msgUserNotFound)
		}
		_, err := tx.exec(ctx, `UPDATE users SET photo = ? WHERE id = ?`, key, userID)
		return err
	})
	return old, err
}

// SetStudentLanguage implements zabano.StudentStore.
func (db *DB) SetStudentLanguage(ctx context.Context, studentID int64, l zabano.StudentLanguage) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `INSERT INTO student_languages (student_id, language, level) VALUES (?, ?, ?)
			ON CONFLICT (student_id, language) DO UPDATE SET level = excluded.level`, studentID, l.Language, l.Level)
		return err
	})
}

// DeleteStudentLanguage implements zabano.StudentStore.
func (db *DB) DeleteStudentLanguage(ctx context.Context, studentID, id int64) error {
	return db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM student_languages WHERE id = ? AND student_id = ?`, id, studentID)
		if err != nil {
			return err
		}
		return oneRow(res, msgLanguageNotFound)
	})
}
