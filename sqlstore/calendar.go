package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/zabano/zabano"
)

// CalendarToken implements zabano.CalendarStore. The token is read first, so
// that only a member's first look writes.
func (db *DB) CalendarToken(ctx context.Context, userID int64, fresh string) (token string, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		return tx.queryRow(ctx, `SELECT token FROM calendars WHERE user_id = ?`, userID).Scan(&token)
	})
	if !errors.Is(err, sql.ErrNoRows) {
		return token, err
	}
	err = db.write(ctx, func(tx *Tx) error {
		// Two first looks at once keep the token of the one that wrote first.
		if _, err := tx.exec(ctx, `INSERT INTO calendars (user_id, token, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO NOTHING`, userID, fresh, ms(tx.now)); err != nil {
			return err
		}
		return tx.queryRow(ctx, `SELECT token FROM calendars WHERE user_id = ?`, userID).Scan(&token)
	})
	return token, err
}

// ResetCalendarToken implements zabano.CalendarStore.
func (db *DB) ResetCalendarToken(ctx context.Context, userID int64, fresh string) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `INSERT INTO calendars (user_id, token, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
			userID, fresh, ms(tx.now))
		return err
	})
}

// calendarColumns follow bookingColumns: what makes a class's revision in a
// calendar (zabano.CalendarClass). Their two ? are zabano.RescheduleAccepted.
const calendarColumns = `,
	(SELECT count(*) FROM reschedules r WHERE r.booking_id = b.id AND r.status = ?),
	COALESCE((SELECT max(r.decided_at) FROM reschedules r WHERE r.booking_id = b.id AND r.status = ?), 0),
	COALESCE(b.closed_at, 0)`

// scanWith scans the columns after those its scanner reads into extra.
type scanWith struct {
	row   interface{ Scan(...any) error }
	extra []any
}

func (s scanWith) Scan(dest ...any) error { return s.row.Scan(append(dest, s.extra...)...) }

func scanCalendarClass(row interface{ Scan(...any) error }) (*zabano.CalendarClass, error) {
	var moves int
	var moved, closed int64
	b, err := scanBooking(scanWith{row, []any{&moves, &moved, &closed}})
	if err != nil {
		return nil, err
	}
	c := &zabano.CalendarClass{Booking: *b, Sequence: moves, Modified: b.CreatedAt}
	if moves > 0 {
		c.Modified = fromMS(moved)
	}
	if b.Status == zabano.StatusCancelled {
		c.Sequence++
		c.Modified = fromMS(closed)
	}
	return c, nil
}

// CalendarFeed implements zabano.CalendarStore.
func (db *DB) CalendarFeed(ctx context.Context, token string, from time.Time) (u *zabano.User, list []*zabano.CalendarClass, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		u, err = scanUser(tx.queryRow(ctx, `SELECT `+userColumns+` FROM users
			WHERE id = (SELECT user_id FROM calendars WHERE token = ?) AND deleted_at IS NULL AND suspended_at IS NULL`, token))
		if zabano.ErrorCode(err) == zabano.ENOTFOUND {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgCalendarNotFound)
		} else if err != nil {
			return err
		}
		col := "b." + side(u.Role)
		return scanAll(ctx, tx, func(rows *sql.Rows) error {
			c, err := scanCalendarClass(rows)
			if err != nil {
				return err
			}
			list = append(list, c)
			return nil
		}, `SELECT `+bookingColumns+calendarColumns+bookingJoins+` WHERE `+col+` = ? AND b.start_at >= ? ORDER BY b.start_at, b.id`,
			zabano.RescheduleAccepted, zabano.RescheduleAccepted, u.ID, ms(from))
	})
	return u, list, err
}

// CalendarClass implements zabano.CalendarStore.
func (db *DB) CalendarClass(ctx context.Context, userID, bookingID int64) (c *zabano.CalendarClass, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		c, err = scanCalendarClass(tx.queryRow(ctx, `SELECT `+bookingColumns+calendarColumns+bookingJoins+`
			WHERE b.id = ? AND (b.student_id = ? OR b.teacher_id = ?)`,
			zabano.RescheduleAccepted, zabano.RescheduleAccepted, bookingID, userID, userID))
		return err
	})
	return c, err
}
