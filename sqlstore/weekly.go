package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// classPrice is the level price row and the price of a class nb books with
// the teacher: the level's price, or for a trial the teacher's trial price,
// with the level nb names (the class's language) or else their first offered.
func classPrice(ctx context.Context, tx *Tx, teacherID int64, nb *zabano.NewBooking) (levelID, price int64, err error) {
	if !nb.Trial {
		price, err = levelPrice(ctx, tx, teacherID, nb.LevelPriceID)
		return nb.LevelPriceID, price, err
	}
	err = tx.queryRow(ctx, `SELECT test_session_price FROM teacher_profiles WHERE user_id = ?`, teacherID).Scan(&price)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, 0, err
	}
	if price <= 0 {
		return 0, 0, zabano.FieldError("trial", zabano.MsgNoTrial)
	}
	// The unique index bookings_one_trial settles a race; this says it first.
	if used, err := hasTrial(ctx, tx, nb.StudentID, teacherID); err != nil || used {
		return 0, 0, cmpErr(err, zabano.Errorf(zabano.ECONFLICT, zabano.MsgTrialUsed))
	}
	q, args := `SELECT id FROM teacher_levels WHERE teacher_id = ? AND active ORDER BY id LIMIT 1`, []any{teacherID}
	if nb.LevelPriceID > 0 {
		q, args = `SELECT id FROM teacher_levels WHERE teacher_id = ? AND active AND id = ?`, []any{teacherID, nb.LevelPriceID}
	}
	err = tx.queryRow(ctx, q, args...).Scan(&levelID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, zabano.FieldError("level_price", zabano.MsgLevelNotValid)
	}
	return levelID, price, err
}

// cmpErr is err when there is one, else alt.
func cmpErr(err, alt error) error {
	if err != nil {
		return err
	}
	return alt
}

// isTrialIndex reports whether a unique violation's constraint (PostgreSQL
// names the index, SQLite its columns) is the one-trial index's.
func isTrialIndex(name string) bool {
	return strings.Contains(name, "bookings_one_trial") || strings.Contains(name, "bookings.student_id")
}

func hasTrial(ctx context.Context, tx *Tx, studentID, teacherID int64) (bool, error) {
	var n int
	err := tx.queryRow(ctx, `SELECT count(*) FROM bookings WHERE student_id = ? AND teacher_id = ? AND trial
		AND status IN ('booked', 'cancel_pending', 'done')`, studentID, teacherID).Scan(&n)
	return n > 0, err
}

// HasTrial implements zabano.BookingStore.
func (db *DB) HasTrial(ctx context.Context, studentID, teacherID int64) (used bool, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		used, err = hasTrial(ctx, tx, studentID, teacherID)
		return err
	})
	return used, err
}

// BookWeekly implements zabano.BookingStore. Each week's slot is claimed
// with the conditional UPDATE of Book, in the order of the weeks, so a
// single booking racing it for one of them has one winner, and two weekly
// bookings lock their common slots in one order. One missing week rolls
// back every claim; the weeks missing are reported together.
func (db *DB) BookWeekly(ctx context.Context, nb *zabano.NewBooking, weeks int) (list []*zabano.Booking, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		list = nil
		first, err := findSlots(ctx, tx, `id = ? AND start_at > ?`, nb.SlotID, ms(tx.now))
		if err != nil {
			return err
		}
		if len(first) == 0 {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgSlotNotFound)
		}
		teacherID := first[0].TeacherID
		if err := checkListed(ctx, tx, teacherID); err != nil {
			return err
		}
		var zone string
		err = tx.queryRow(ctx, `SELECT timezone FROM teacher_profiles WHERE user_id = ?`, teacherID).Scan(&zone)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		loc, err := time.LoadLocation(zone)
		if zone == "" || err != nil {
			loc, _ = time.LoadLocation(zabano.DefaultTimeZone)
		}
		wanted := zabano.WeeklySlots(first[0], weeks, loc)
		tx.changesTeachers(teacherID)
		var missing []zabano.MissingWeek
		for k := range wanted {
			w := &wanted[k]
			err := tx.queryRow(ctx, `UPDATE slots SET booked = TRUE
				WHERE teacher_id = ? AND start_at = ? AND end_at = ? AND booked = FALSE RETURNING id`,
				teacherID, ms(w.Start), ms(w.End)).Scan(&w.ID)
			if errors.Is(err, sql.ErrNoRows) {
				missing = append(missing, zabano.MissingWeek{Week: k + 1, Start: w.Start})
			} else if err != nil {
				return err
			}
		}
		if len(missing) > 0 {
			return zabano.WeeksMissing(missing)
		}
		price, err := levelPrice(ctx, tx, teacherID, nb.LevelPriceID)
		if err != nil {
			return err
		}
		balance, err := balanceOf(ctx, tx, zabano.WalletOf(nb.StudentID))
		if err != nil {
			return err
		}
		if total := price * int64(weeks); balance < total {
			return zabano.InsufficientForClass(total - balance)
		}
		for _, w := range wanted {
			id, err := insertBooking(ctx, tx, nb, w, nb.LevelPriceID, price)
			if err != nil {
				return err
			}
			b, err := findBooking(ctx, tx, id)
			if err != nil {
				return err
			}
			if err := notifyBooked(ctx, tx, b); err != nil {
				return err
			}
			list = append(list, b)
		}
		return nil
	})
	return list, err
}
