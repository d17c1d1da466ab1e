package sqlstore

import (
	"context"
	"time"

	"github.com/zabano/zabano"
)

// slotNotHeld is the condition that a slot is held by no open proposal at
// the instant ?: a hold past its held_until is gone.
const slotNotHeld = `COALESCE(held_until, 0) <= ?`

// ProposeReschedule implements zabano.BookingStore. The slot is held by one
// conditional UPDATE of its row, as Book claims it, so of a proposal and a
// booking of one slot, or two proposals, one wins.
func (db *DB) ProposeReschedule(ctx context.Context, userID, bookingID, slotID int64, hold time.Duration) (r *zabano.Reschedule, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		b, err := lockBooking(ctx, tx, bookingID)
		if err != nil || b.StudentID != userID && b.TeacherID != userID {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgBookingNotFound)
		}
		if err := b.CheckReschedule(tx.now); err != nil {
			return err
		}
		slot, held, err := findHeldSlot(ctx, tx, slotID)
		if err != nil {
			return err
		}
		if err := zabano.CheckRescheduleSlot(b, slot, held, tx.now); err != nil {
			return err
		}
		// Proposals past their expiry are recorded as such, so the one-open
		// indexes count only the live ones.
		if _, err := tx.exec(ctx, `UPDATE reschedules SET status = ? WHERE (booking_id = ? OR slot_id = ?) AND status = 'open' AND expires_at <= ?`,
			zabano.RescheduleExpired, bookingID, slotID, ms(tx.now)); err != nil {
			return err
		}
		var open int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM reschedules WHERE booking_id = ? AND status = 'open'`,
			bookingID).Scan(&open); err != nil {
			return err
		}
		if open > 0 {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgRescheduleOpen)
		}
		expires := zabano.RescheduleExpiry(tx.now, b.Start, slot.Start, hold)
		tx.changesTeachers(b.TeacherID)
		res, err := tx.exec(ctx, `UPDATE slots SET held_until = ? WHERE id = ? AND booked = FALSE AND `+slotNotHeld,
			ms(expires), slotID, ms(tx.now))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 { // booked or held since it was read
			slot, held, err := findHeldSlot(ctx, tx, slotID)
			if err != nil {
				return err
			}
			if err := zabano.CheckRescheduleSlot(b, slot, held, tx.now); err != nil {
				return err
			}
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgSlotTaken)
		}
		by := zabano.RoleStudent
		if b.TeacherID == userID {
			by = zabano.RoleTeacher
		}
		var id int64
		err = tx.queryRow(ctx, `INSERT INTO reschedules (booking_id, slot_id, proposed_by, created_at, expires_at, status)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, bookingID, slotID, by, ms(tx.now), ms(expires), zabano.RescheduleOpen).Scan(&id)
		if _, ok := uniqueViolation(err); ok {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgRescheduleOpen)
		} else if err != nil {
			return err
		}
		if r, err = findReschedule(ctx, tx, id); err != nil {
			return err
		}
		return notifyProposed(ctx, tx, b, userID, slot, expires)
	})
	return r, err
}

// findHeldSlot reads a slot and until when a proposal holds it (zero when
// none ever did).
func findHeldSlot(ctx context.Context, tx *Tx, id int64) (zabano.Slot, time.Time, error) {
	s := zabano.Slot{ID: id}
	var start, end, held int64
	err := tx.queryRow(ctx, `SELECT teacher_id, start_at, end_at, booked, COALESCE(held_until, 0) FROM slots WHERE id = ?`, id).
		Scan(&s.TeacherID, &start, &end, &s.Booked, &held)
	if err != nil {
		return s, time.Time{}, notFound(err, zabano.MsgSlotNotFound)
	}
	s.Start, s.End = fromMS(start), fromMS(end)
	var heldUntil time.Time
	if held != 0 {
		heldUntil = fromMS(held)
	}
	return s, heldUntil, nil
}

// AnswerReschedule implements zabano.BookingStore. The class is locked
// first, so an answer and a change of the class (a cancellation, which
// withdraws the proposal) or another answer queue, and the second finds the
// proposal closed.
func (db *DB) AnswerReschedule(ctx context.Context, userID, id int64, accept bool) (r *zabano.Reschedule, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		var bookingID int64
		err := tx.queryRow(ctx, `SELECT booking_id FROM reschedules WHERE id = ?`, id).Scan(&bookingID)
		if err != nil {
			return notFound(err, zabano.MsgRescheduleNotFound)
		}
		b, err := lockBooking(ctx, tx, bookingID)
		if err != nil || b.StudentID != userID && b.TeacherID != userID {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgRescheduleNotFound)
		}
		if r, err = findReschedule(ctx, tx, id); err != nil {
			return err
		}
		if r.ProposedBy == zabano.RoleTeacher && b.TeacherID == userID || r.ProposedBy == zabano.RoleStudent && b.StudentID == userID {
			return zabano.Errorf(zabano.EFORBIDDEN, zabano.MsgRescheduleOwn)
		}
		if st := r.StatusAt(tx.now); st != zabano.RescheduleOpen {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgRescheduleClosed, st.Name())
		}
		r.Status, r.DecidedAt = zabano.RescheduleDeclined, tx.now
		tx.changesTeachers(b.TeacherID)
		if accept {
			r.Status = zabano.RescheduleAccepted
		}
		if _, err := tx.exec(ctx, `UPDATE reschedules SET status = ?, decided_at = ? WHERE id = ?`, r.Status, ms(tx.now), id); err != nil {
			return err
		}
		if !accept {
			if _, err := tx.exec(ctx, `UPDATE slots SET held_until = NULL WHERE id = ?`, r.Slot.ID); err != nil {
				return err
			}
			return notifyAnswered(ctx, tx, b, r)
		}
		// An open proposal's expiry is at or before the class's start, so the
		// class is still booked and ahead (transition withdraws it otherwise).
		res, err := tx.exec(ctx, `UPDATE slots SET booked = TRUE, held_until = NULL WHERE id = ? AND booked = FALSE`, r.Slot.ID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 { // the hold keeps it free: a broken invariant, refused whole
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgSlotTaken)
		}
		if _, err := tx.exec(ctx, `UPDATE slots SET booked = FALSE WHERE id = ?`, b.SlotID); err != nil {
			return err
		}
		if _, err = tx.exec(ctx, `UPDATE bookings SET slot_id = ?, start_at = ?, end_at = ?, remind_at = ? WHERE id = ?`,
			r.Slot.ID, ms(r.Slot.Start), ms(r.Slot.End), remindAt(r.Slot.Start, tx.now), bookingID); err != nil {
			return err
		}
		return notifyAnswered(ctx, tx, b, r)
	})
	return r, err
}

// withdrawReschedule closes the open proposal of a class that leaves
// booked (transition), freeing the slot it held.
func withdrawReschedule(ctx context.Context, tx *Tx, bookingID int64) error {
	if _, err := tx.exec(ctx, `UPDATE slots SET held_until = NULL WHERE id IN
		(SELECT slot_id FROM reschedules WHERE booking_id = ? AND status = 'open')`, bookingID); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE reschedules SET decided_at = ?,
		status = CASE WHEN expires_at <= ? THEN ? ELSE ? END WHERE booking_id = ? AND status = 'open'`,
		ms(tx.now), ms(tx.now), zabano.RescheduleExpired, zabano.RescheduleWithdrawn, bookingID); err != nil {
		return err
	}
	return dropExpiry(ctx, tx, bookingID)
}

const rescheduleColumns = `r.id, r.booking_id, r.proposed_by, r.created_at, r.expires_at, r.status, COALESCE(r.decided_at, 0),
	s.id, s.teacher_id, s.start_at, s.end_at`

func scanReschedule(row interface{ Scan(...any) error }) (*zabano.Reschedule, error) {
	var r zabano.Reschedule
	var created, expires, decided, start, end int64
	err := row.Scan(&r.ID, &r.BookingID, &r.ProposedBy, &created, &expires, &r.Status, &decided,
		&r.Slot.ID, &r.Slot.TeacherID, &start, &end)
	if err != nil {
		return nil, notFound(err, zabano.MsgRescheduleNotFound)
	}
	r.CreatedAt, r.ExpiresAt, r.Slot.Start, r.Slot.End = fromMS(created), fromMS(expires), fromMS(start), fromMS(end)
	if decided != 0 {
		r.DecidedAt = fromMS(decided)
	}
	return &r, nil
}

func findReschedule(ctx context.Context, tx *Tx, id int64) (*zabano.Reschedule, error) {
	return scanReschedule(tx.queryRow(ctx, `SELECT `+rescheduleColumns+` FROM reschedules r JOIN slots s ON s.id = r.slot_id WHERE r.id = ?`, id))
}
