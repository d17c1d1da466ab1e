package sqlstore

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/zabano/zabano"
)

var (
	msgUserNotFound = zabano.Msg{En: "User not found.", Fa: "کاربر یافت نشد."}
	msgNoAccount    = zabano.Msg{En: "No account is registered with this mobile number.", Fa: "هیچ حسابی با این شماره موبایل ثبت نشده است."}
)

const userColumns = `id, role, username, email, phone, first_name, last_name, bio, photo,
	password_hash, token_version, created_at, suspended_at, suspended_reason, deleted_at, email_verified_at`

func scanUser(row interface{ Scan(...any) error }, extra ...any) (*zabano.User, error) {
	var u zabano.User
	var created int64
	var suspended, deleted, verified sql.NullInt64
	err := row.Scan(append([]any{&u.ID, &u.Role, &u.Username, &u.Email, &u.Phone, &u.FirstName, &u.LastName,
		&u.Bio, &u.Photo, &u.PasswordHash, &u.TokenVersion, &created, &suspended, &u.SuspendedReason, &deleted, &verified}, extra...)...)
	if err != nil {
		return nil, notFound(err, msgUserNotFound)
	}
	u.CreatedAt, u.SuspendedAt, u.DeletedAt = fromMS(created), fromNullMS(suspended), fromNullMS(deleted)
	u.EmailVerifiedAt = fromNullMS(verified)
	return &u, nil
}

// summaryColumns are the columns of users alias u that name a user in the
// operator's rows; a LEFT JOIN's missing user reads as the zero User.
func summaryColumns(u string) string {
	return fmt.Sprintf(`COALESCE(%[1]s.id, 0), COALESCE(%[1]s.role, ''), COALESCE(%[1]s.username, ''), COALESCE(%[1]s.first_name, ''),
	COALESCE(%[1]s.last_name, ''), COALESCE(%[1]s.phone, ''), COALESCE(%[1]s.photo, '')`, u)
}

// summaryOf is where summaryColumns are scanned to.
func summaryOf(u *zabano.User) []any {
	return []any{&u.ID, &u.Role, &u.Username, &u.FirstName, &u.LastName, &u.Phone, &u.Photo}
}

// CreateUser implements zabano.UserStore.
func (db *DB) CreateUser(ctx context.Context, u *zabano.User, codeHash string) error {
	return db.write(ctx, func(tx *Tx) error {
		if err := checkTaken(ctx, tx, u); err != nil {
			return err
		}
		if err := consumeCode(ctx, tx, u.Phone, codeHash); err != nil {
			return err
		}
		review := zabano.ReviewApproved
		if db.TeacherReview {
			review = zabano.ReviewPending
		}
		return insertUser(ctx, tx, u, review)
	})
}

// checkTaken fails with EINVALID on the fields of u that another user has.
// Checking first spares a registration's phone code when the name is taken.
func checkTaken(ctx context.Context, tx *Tx, u *zabano.User) error {
	var v zabano.Validation
	var taken bool
	if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(?))`, u.Username).Scan(&taken); err != nil {
		return err
	} else if taken {
		v.Add("username", zabano.MsgUsernameTaken)
	}
	if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE phone = ?)`, u.Phone).Scan(&taken); err != nil {
		return err
	} else if taken {
		v.Add("phone", zabano.MsgPhoneTaken)
	}
	return v.Err()
}

// insertUser creates u, and a teacher's profile with it, whose review
// starts as review says.
func insertUser(ctx context.Context, tx *Tx, u *zabano.User, review zabano.ReviewStatus) error {
	u.CreatedAt = tx.now
	err := tx.queryRow(ctx, `INSERT INTO users (role, username, email, phone, bio, password_hash, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		u.Role, u.Username, u.Email, u.Phone, u.Bio, u.PasswordHash, ms(u.CreatedAt)).Scan(&u.ID)
	if name, ok := uniqueViolation(err); ok {
		return takenError(name)
	} else if err != nil {
		return err
	}
	if u.Role == zabano.RoleTeacher {
		_, err = tx.exec(ctx, `INSERT INTO teacher_profiles (user_id, search, search_name, review_status, review_requested_at, listed)
			VALUES (?, ?, ?, ?, ?, ?)`, u.ID, searchText(u), searchName(u), review, ms(tx.now), review == zabano.ReviewApproved)
	}
	return err
}

// takenError is the field error for a unique violation of the users table:
// a concurrent request took the name or phone between the check and the write.
func takenError(constraint string) error {
	if strings.Contains(constraint, "phone") {
		return zabano.FieldError("phone", zabano.MsgPhoneTaken)
	}
	return zabano.FieldError("username", zabano.MsgUsernameTaken)
}

// ResetPassword implements zabano.UserStore.
func (db *DB) ResetPassword(ctx context.Context, phone, codeHash, passwordHash string) error {
	return db.write(ctx, func(tx *Tx) error {
		if err := consumeCode(ctx, tx, phone, codeHash); err != nil {
			return err
		}
		res, err := tx.exec(ctx, `UPDATE users SET password_hash = ?, token_version = token_version + 1 WHERE phone = ?`,
			passwordHash, phone)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return zabano.FieldError("phone", msgNoAccount)
		}
		return nil
	})
}

// consumeCode uses the newest code sent to phone if it is live and its hash is
// codeHash. The call claims one of the code's tries before comparing, in one
// conditional UPDATE that PostgreSQL runs one at a time on the row (under READ
// COMMITTED a count read first could be stale), so guesses sent at once
// cannot pass CodeMaxTries together. A wrong guess's try is kept even though
// the call fails.
func consumeCode(ctx context.Context, tx *Tx, phone, codeHash string) error {
	var id int64
	var hash string
	err := tx.queryRow(ctx, `UPDATE phone_codes SET tries = tries + 1
		WHERE id = (SELECT max(id) FROM phone_codes WHERE phone = ?)
			AND used_at IS NULL AND expires_at > ? AND tries < ?
		RETURNING id, hash`, phone, ms(tx.now), zabano.CodeMaxTries).Scan(&id, &hash)
	invalid := zabano.FieldError("code", zabano.MsgCodeInvalid)
	if errors.Is(err, sql.ErrNoRows) {
		return invalid
	} else if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(hash), []byte(codeHash)) != 1 {
		return keepWrites{invalid}
	}
	_, err = tx.exec(ctx, `UPDATE phone_codes SET used_at = ? WHERE id = ?`, ms(tx.now), id)
	return err
}

// SetPassword implements zabano.UserStore.
func (db *DB) SetPassword(ctx context.Context, userID int64, passwordHash string) (u *zabano.User, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		u, err = scanUser(tx.queryRow(ctx, `UPDATE users SET password_hash = ?, token_version = token_version + 1
			WHERE id = ? RETURNING `+userColumns, passwordHash, userID))
		return err
	})
	return u, err
}

// FindUserByID implements zabano.UserStore.
func (db *DB) FindUserByID(ctx context.Context, id int64) (*zabano.User, error) {
	var u *zabano.User
	err := db.readOne(ctx, func(tx *Tx) (err error) {
		u, err = scanUser(tx.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
		return err
	})
	return u, err
}

// FindUserByUsername implements zabano.UserStore.
func (db *DB) FindUserByUsername(ctx context.Context, username string) (*zabano.User, error) {
	var u *zabano.User
	err := db.read(ctx, func(tx *Tx) (err error) {
		u, err = scanUser(tx.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE lower(username) = lower(?)`, username))
		return err
	})
	return u, err
}
