package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/zabano/zabano"
)

// AddReview implements zabano.ReviewStore. The unique index on booking_id
// makes one of concurrent reviews of a class win; the others roll back,
// teacher's sums included.
func (db *DB) AddReview(ctx context.Context, nr *zabano.NewReview) (r *zabano.Review, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		var studentID, teacherID, end int64
		var status zabano.BookingStatus
		err := tx.queryRow(ctx, `SELECT student_id, teacher_id, end_at, status FROM bookings WHERE id = ?`, nr.BookingID).
			Scan(&studentID, &teacherID, &end, &status)
		if err != nil {
			return notFound(err, zabano.MsgBookingNotFound)
		}
		switch {
		case studentID != nr.StudentID:
			return zabano.Errorf(zabano.EFORBIDDEN, zabano.MsgReviewNotYours)
		case status != zabano.StatusDone:
			return zabano.Errorf(zabano.EINVALID, zabano.MsgReviewNotDone)
		case tx.now.After(fromMS(end).Add(zabano.ReviewWindow)):
			return zabano.Errorf(zabano.EINVALID, zabano.MsgReviewTooLate)
		}
		var id int64
		err = tx.queryRow(ctx, `INSERT INTO reviews (booking_id, teacher_id, student_id, rating, text, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, nr.BookingID, teacherID, studentID, nr.Rating, nr.Text, ms(tx.now)).Scan(&id)
		if _, ok := uniqueViolation(err); ok {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgReviewTwice)
		} else if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE teacher_profiles SET review_count = review_count + 1, rating_sum = rating_sum + ?
			WHERE user_id = ?`, nr.Rating, teacherID); err != nil {
			return err
		}
		if r, err = findReview(ctx, tx, id); err != nil {
			return err
		}
		return notify(ctx, tx, &zabano.Notification{UserID: teacherID, Kind: zabano.KindReviewReceived, ObjectType: zabano.ObjectReview,
			ObjectID: id, AboutID: studentID, Data: zabano.NotificationData{Name: shown(r.Student), Rating: r.Rating}})
	})
	return r, err
}

// ReplyToReview implements zabano.ReviewStore. The answer is set only where
// there is none, so of two answers at once one is kept.
func (db *DB) ReplyToReview(ctx context.Context, teacherID, reviewID int64, text string) (r *zabano.Review, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE reviews SET reply = ?, replied_at = ? WHERE id = ? AND teacher_id = ? AND replied_at IS NULL`,
			text, ms(tx.now), reviewID, teacherID)
		if err != nil {
			return err
		}
		if r, err = findReview(ctx, tx, reviewID); err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		if r.TeacherID != teacherID {
			return zabano.Errorf(zabano.EFORBIDDEN, zabano.MsgReplyNotYours)
		}
		return zabano.Errorf(zabano.ECONFLICT, zabano.MsgReplyTwice)
	})
	return r, err
}

const reviewColumns = `r.id, r.booking_id, r.teacher_id, r.student_id, r.rating, r.text, r.created_at, r.reply,
	COALESCE(r.replied_at, 0), r.hidden, r.hidden_reason, s.username, s.first_name, s.last_name, s.photo, s.deleted_at`

const reviewJoins = ` FROM reviews r JOIN users s ON s.id = r.student_id`

func scanReview(row interface{ Scan(...any) error }) (*zabano.Review, error) {
	var r zabano.Review
	var created, replied int64
	var deleted sql.NullInt64
	err := row.Scan(&r.ID, &r.BookingID, &r.TeacherID, &r.StudentID, &r.Rating, &r.Text, &created, &r.Reply,
		&replied, &r.Hidden, &r.HiddenReason, &r.Student.Username, &r.Student.FirstName, &r.Student.LastName, &r.Student.Photo,
		&deleted)
	if err != nil {
		return nil, notFound(err, zabano.MsgReviewNotFound)
	}
	r.CreatedAt, r.Student.ID, r.Student.DeletedAt = fromMS(created), r.StudentID, fromNullMS(deleted)
	if replied != 0 {
		r.RepliedAt = fromMS(replied)
	}
	return &r, nil
}

func findReview(ctx context.Context, tx *Tx, id int64) (*zabano.Review, error) {
	return scanReview(tx.queryRow(ctx, `SELECT `+reviewColumns+reviewJoins+` WHERE r.id = ?`, id))
}

func findReviews(ctx context.Context, tx *Tx, where string, args ...any) ([]*zabano.Review, error) {
	rows, err := tx.query(ctx, `SELECT `+reviewColumns+reviewJoins+` WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*zabano.Review
	for rows.Next() {
		r, err := scanReview(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// TeacherReviews implements zabano.ReviewStore. An unknown teacher is not found.
func (db *DB) TeacherReviews(ctx context.Context, teacherID int64, limit, offset int) (list []*zabano.Review, total int, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		// The count is the profile's, kept with the reviews.
		err := tx.queryRow(ctx, `SELECT review_count FROM teacher_profiles WHERE user_id = ?`, teacherID).Scan(&total)
		if errors.Is(err, sql.ErrNoRows) {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgTeacherNotFound)
		} else if err != nil {
			return err
		}
		list, err = findReviews(ctx, tx, `r.teacher_id = ? AND r.hidden = FALSE ORDER BY r.created_at DESC, r.id DESC`+limitOffset(limit, offset),
			teacherID)
		return err
	})
	return list, total, err
}
