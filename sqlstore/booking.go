package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// CreateSlots implements zabano.BookingStore. The teacher's slots in the
// span of the new ones are read once and every new slot is checked against
// them and the new ones before it, so a year of slots is one pass. The free
// slots are counted under the same lock as the insert, so batches at once
// cannot pass maxFree together.
func (db *DB) CreateSlots(ctx context.Context, teacherID int64, slots []zabano.Slot, maxFree int) (created, skipped []zabano.Slot, err error) {
	if len(slots) == 0 {
		return nil, nil, nil
	}
	slots = slices.Clone(slots)
	slices.SortFunc(slots, func(a, b zabano.Slot) int { return a.Start.Compare(b.Start) })
	err = db.write(ctx, func(tx *Tx) error {
		created, skipped = nil, nil
		// Two batches of one teacher at once on PostgreSQL would each miss the
		// other's slots, and each count the free slots without the other's.
		if err := lockKeys(ctx, tx, fmt.Sprintf("slots:%d", teacherID)); err != nil {
			return err
		}
		last := slices.MaxFunc(slots, func(a, b zabano.Slot) int { return a.End.Compare(b.End) })
		existing, err := findSlots(ctx, tx, `teacher_id = ? AND start_at < ? AND end_at > ?`, teacherID, ms(last.End), ms(slots[0].Start))
		if err != nil {
			return err
		}
		i := 0
		var prevEnd time.Time
		for _, s := range slots {
			// existing is sorted and without overlaps, so its ends rise with its starts.
			for i < len(existing) && !existing[i].End.After(s.Start) {
				i++
			}
			if i < len(existing) && existing[i].Start.Before(s.End) || prevEnd.After(s.Start) {
				skipped = append(skipped, s)
				continue
			}
			s.TeacherID = teacherID
			created = append(created, s)
			prevEnd = s.End
		}
		if len(created) == 0 {
			return nil
		}
		var free int
		err = tx.queryRow(ctx, `SELECT count(*) FROM slots WHERE teacher_id = ? AND booked = FALSE AND start_at > ?`,
			teacherID, ms(tx.now)).Scan(&free)
		if err != nil {
			return err
		}
		if free+len(created) > maxFree {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgTooManyFreeSlots, maxFree, free, len(created))
		}
		return insertSlots(ctx, tx, created)
	})
	return created, skipped, err
}

// lockKeys serialises PostgreSQL transactions that take the same key until
// they end; several keys are taken in one statement, in sorted order, so
// two transactions cannot each hold one the other waits for. A key the
// transaction holds already is not asked for again: a write that knows all
// its keys at its start takes them in one round trip, and the steps it
// shares with other writes (take, addEvents) find theirs held. SQLite's
// writer already runs one transaction at a time. The keys are the
// schema's: advisory locks are the whole database's, and other schemas
// (another deployment, or tests running beside each other) would otherwise
// wait on each other's limits and slots.
func lockKeys(ctx context.Context, tx *Tx, keys ...string) error {
	if !tx.pg {
		return nil
	}
	keys = slices.DeleteFunc(slices.Compact(slices.Sorted(slices.Values(keys))), func(k string) bool { return tx.locked[k] })
	if len(keys) == 0 {
		return nil
	}
	locks := make([]string, len(keys))
	args := make([]any, len(keys))
	for i, k := range keys {
		locks[i], args[i] = `pg_advisory_xact_lock(hashtextextended(current_schema() || ':' || ?, 0))`, k
	}
	if _, err := tx.exec(ctx, `SELECT `+strings.Join(locks, ", "), args...); err != nil {
		return err
	}
	if tx.locked == nil {
		tx.locked = make(map[string]bool, len(keys))
	}
	for _, k := range keys {
		tx.locked[k] = true
	}
	return nil
}

// insertSlots inserts slots, many rows a statement, and sets their ids.
func insertSlots(ctx context.Context, tx *Tx, slots []zabano.Slot) error {
	const perStatement = 200
	for start := 0; start < len(slots); start += perStatement {
		chunk := slots[start:min(start+perStatement, len(slots))]
		values := valueRows(len(chunk), 4)
		args := make([]any, 0, 4*len(chunk))
		byStart := make(map[int64]*zabano.Slot, len(chunk))
		for i := range chunk {
			args = append(args, chunk[i].TeacherID, ms(chunk[i].Start), ms(chunk[i].End), ms(tx.now))
			tx.changesTeachers(chunk[i].TeacherID)
			byStart[ms(chunk[i].Start)] = &chunk[i]
		}
		rows, err := tx.query(ctx, `INSERT INTO slots (teacher_id, start_at, end_at, created_at) VALUES `+values+` RETURNING id, start_at`, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id, startAt int64
			if err := rows.Scan(&id, &startAt); err != nil {
				rows.Close()
				return err
			}
			byStart[startAt].ID = id
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	return nil
}

func findSlots(ctx context.Context, tx *Tx, where string, args ...any) ([]zabano.Slot, error) {
	rows, err := tx.query(ctx, `SELECT id, teacher_id, start_at, end_at, booked FROM slots WHERE `+where+` ORDER BY start_at`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []zabano.Slot
	for rows.Next() {
		var s zabano.Slot
		var start, end int64
		if err := rows.Scan(&s.ID, &s.TeacherID, &start, &end, &s.Booked); err != nil {
			return nil, err
		}
		s.Start, s.End = fromMS(start), fromMS(end)
		out = append(out, s)
	}
	return out, rows.Err()
}

// HoldsEnd implements zabano.BookingStore; it reads the slots_free index,
// or slots_held for every teacher.
func (db *DB) HoldsEnd(ctx context.Context, teacherIDs []int64) (end time.Time, err error) {
	where, args := "", []any{}
	if teacherIDs != nil {
		where = `teacher_id IN (` + placeholders(len(teacherIDs)) + `) AND `
		for _, id := range teacherIDs {
			args = append(args, id)
		}
	}
	err = db.read(ctx, func(tx *Tx) error {
		var v sql.NullInt64
		err := tx.queryRow(ctx, `SELECT min(held_until) FROM slots WHERE `+where+`held_until > ? AND booked = FALSE AND start_at > ?`,
			append(args, ms(tx.now), ms(tx.now))...).Scan(&v)
		end = fromNullMS(v)
		return err
	})
	return end, err
}

// TeacherSlots implements zabano.BookingStore.
func (db *DB) TeacherSlots(ctx context.Context, teacherID int64, from, to time.Time, onlyFree bool) (slots []zabano.Slot, err error) {
	where := `teacher_id = ? AND start_at >= ? AND start_at < ?`
	err = db.read(ctx, func(tx *Tx) error {
		args := []any{teacherID, ms(from), ms(to)}
		if onlyFree {
			// Students see the free slots of listed teachers only; to them
			// another teacher has none, like a teacher who does not exist.
			where += ` AND booked = FALSE AND ` + slotNotHeld + ` AND ` + teacherListed
			args = append(args, ms(tx.now))
		}
		slots, err = findSlots(ctx, tx, where, args...)
		return err
	})
	return slots, err
}

// DeleteSlot implements zabano.BookingStore.
func (db *DB) DeleteSlot(ctx context.Context, teacherID, slotID int64) error {
	return db.write(ctx, func(tx *Tx) error {
		tx.changesTeachers(teacherID)
		res, err := tx.exec(ctx, `DELETE FROM slots WHERE id = ? AND teacher_id = ? AND booked = FALSE AND `+slotNotHeld,
			slotID, teacherID, ms(tx.now))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var booked bool
		err = tx.queryRow(ctx, `SELECT booked FROM slots WHERE id = ? AND teacher_id = ?`, slotID, teacherID).Scan(&booked)
		if err != nil {
			return notFound(err, zabano.MsgSlotNotFound)
		}
		if !booked {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgSlotHeldDelete)
		}
		return zabano.Errorf(zabano.ECONFLICT, zabano.MsgSlotBooked)
	})
}

// Book implements zabano.BookingStore. Claiming the slot is a conditional
// UPDATE, so of two students booking one slot at once exactly one gets it;
// the other's transaction, debit included, rolls back. The slot of a
// teacher who is not listed is not found, as if they did not exist
// (checkListed).
func (db *DB) Book(ctx context.Context, nb *zabano.NewBooking) (b *zabano.Booking, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		var teacherID, start, end int64
		err := tx.queryRow(ctx, `UPDATE slots SET booked = TRUE WHERE id = ? AND booked = FALSE AND start_at > ? AND `+slotNotHeld+`
			RETURNING teacher_id, start_at, end_at`, nb.SlotID, ms(tx.now), ms(tx.now)).Scan(&teacherID, &start, &end)
		tx.changesTeachers(teacherID)
		if errors.Is(err, sql.ErrNoRows) {
			var booked bool
			if err := tx.queryRow(ctx, `SELECT booked FROM slots WHERE id = ? AND start_at > ? AND `+teacherListed,
				nb.SlotID, ms(tx.now)).Scan(&booked); err != nil {
				return notFound(err, zabano.MsgSlotNotFound)
			}
			if !booked { // held for a proposed move (reschedule.go)
				return zabano.Errorf(zabano.ECONFLICT, zabano.MsgSlotHeld)
			}
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgSlotTaken)
		} else if err != nil {
			return err
		}
		if err := checkListed(ctx, tx, teacherID); err != nil {
			return err
		}
		levelID, price, err := classPrice(ctx, tx, teacherID, nb)
		if err != nil {
			return err
		}
		id, err := insertBooking(ctx, tx, nb, zabano.Slot{ID: nb.SlotID, TeacherID: teacherID, Start: fromMS(start), End: fromMS(end)}, levelID, price)
		if isInsufficient(err) {
			// The wallet is read only to name what it lacks. On PostgreSQL
			// a top-up may commit between the refusal and this read: then
			// nothing is missing to name, and the refusal stands as it is.
			balance, berr := balanceOf(ctx, tx, zabano.WalletOf(nb.StudentID))
			if berr != nil {
				return berr
			} else if balance < price {
				return zabano.InsufficientForClass(price - balance)
			}
			return err
		} else if err != nil {
			return err
		}
		if b, err = findBooking(ctx, tx, id); err != nil {
			return err
		}
		return notifyBooked(ctx, tx, b)
	})
	return b, err
}

// checkListed refuses booking teacher id while they are not listed, as if
// their slot did not exist. On PostgreSQL it holds their profile's row
// until tx ends: a suspension, which changes that row, waits for the
// booking and then cancels it with the teacher's other classes, or the
// booking waits for the suspension and is refused.
func checkListed(ctx context.Context, tx *Tx, teacherID int64) error {
	q := `SELECT listed FROM teacher_profiles WHERE user_id = ?`
	if tx.pg {
		q += ` FOR SHARE`
	}
	var listed bool
	err := tx.queryRow(ctx, q, teacherID).Scan(&listed)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !listed {
		return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgSlotNotFound)
	}
	return err
}

// insertBooking writes a class of nb's student at slot, already claimed,
// with the commission in force now, and moves its price from their wallet
// to escrow.
func insertBooking(ctx context.Context, tx *Tx, nb *zabano.NewBooking, slot zabano.Slot, levelID, price int64) (int64, error) {
	var id int64
	err := tx.queryRow(ctx, `INSERT INTO bookings (slot_id, student_id, teacher_id, level_price_id, start_at, end_at, price,
		commission_percent, trial, status, meeting_link, notes, created_at, remind_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT commission_percent FROM settings WHERE id = 1), ?, ?, ?, ?, ?, ?) RETURNING id`,
		slot.ID, nb.StudentID, slot.TeacherID, levelID, ms(slot.Start), ms(slot.End), price,
		nb.Trial, zabano.StatusBooked, nb.MeetingLink, nb.Notes, ms(tx.now), remindAt(slot.Start, tx.now)).Scan(&id)
	if name, ok := uniqueViolation(err); ok && isTrialIndex(name) {
		return 0, zabano.Errorf(zabano.ECONFLICT, zabano.MsgTrialUsed)
	} else if ok {
		return 0, zabano.Errorf(zabano.ECONFLICT, zabano.MsgSlotTaken)
	} else if err != nil {
		return 0, err
	}
	t := classTransfer(zabano.TxClassPayment, zabano.WalletOf(nb.StudentID), zabano.EscrowOf(nb.StudentID), price, id)
	return id, post(ctx, tx, t)
}

// levelPrice is the price of the teacher's level price id, if offered. A
// row's price never changes (setLevelPrices), so this is the price the
// student chose. A row no longer offered is a conflict that names the
// level's price now, or, when the level is not offered at all, a choice to
// make again.
func levelPrice(ctx context.Context, tx *Tx, teacherID, id int64) (int64, error) {
	var price int64
	var active bool
	var language string
	var level zabano.Level
	err := tx.queryRow(ctx, `SELECT regular_price, active, language, level FROM teacher_levels WHERE id = ? AND teacher_id = ?`,
		id, teacherID).Scan(&price, &active, &language, &level)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, zabano.FieldError("level_price", zabano.MsgLevelNotValid)
	} else if err != nil || active {
		return price, err
	}
	now := zabano.LevelPrice{Language: language, Level: level}
	err = tx.queryRow(ctx, `SELECT id, regular_price, exam_price FROM teacher_levels
		WHERE teacher_id = ? AND language = ? AND level = ? AND active`, teacherID, language, level).Scan(&now.ID, &now.RegularPrice, &now.ExamPrice)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, zabano.FieldError("level_price", zabano.MsgLevelWithdrawn)
	} else if err != nil {
		return 0, err
	}
	return 0, zabano.PriceChanged(now)
}

// classTransfer moves a class's money, naming the class: its booking_id
// links it, and its description tells wallet readers which class it was.
func classTransfer(typ zabano.TransactionType, from, to zabano.Account, amount, bookingID int64) *zabano.LedgerTransaction {
	t := zabano.Transfer(typ, from, to, amount, fmt.Sprintf("class #%d", bookingID))
	t.BookingID = bookingID
	return t
}

// transition moves a booking of ownerID, its side of role owner, from one of
// the states from to state to, setting extra columns too. A booking that is
// not the owner's is not found; one in another state is a conflict that
// names its state.
func transition(ctx context.Context, tx *Tx, bookingID int64, owner zabano.Role, ownerID int64,
	from []zabano.BookingStatus, to zabano.BookingStatus, extra string, extraArgs ...any) (*zabano.Booking, error) {
	args := append([]any{to}, extraArgs...)
	args = append(args, bookingID, ownerID)
	for _, f := range from {
		args = append(args, f)
	}
	res, err := tx.exec(ctx, `UPDATE bookings SET status = ?`+extra+` WHERE id = ? AND `+side(owner)+` = ? AND status IN (`+placeholders(len(from))+`)`, args...)
	if err != nil {
		return nil, err
	}
	b, err := findBooking(ctx, tx, bookingID)
	if err != nil || b.Side(owner) != ownerID {
		return nil, zabano.Errorf(zabano.ENOTFOUND, zabano.MsgBookingNotFound)
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if n == 0 {
		return nil, zabano.Errorf(zabano.ECONFLICT, zabano.MsgWrongState, b.Status.Name())
	}
	if to != zabano.StatusBooked {
		// A class no longer booked cannot move: its proposal is withdrawn.
		tx.changesTeachers(b.TeacherID)
		if err := withdrawReschedule(ctx, tx, bookingID); err != nil {
			return nil, err
		}
	}
	if to == zabano.StatusCancelled {
		if err := dropReminders(ctx, tx, bookingID, whyCancelled); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// side is the column of bookings that names a class's side of role: the
// one place a column of its SQL comes from a value, and a role, never a
// caller's string.
func side(role zabano.Role) string {
	if role == zabano.RoleTeacher {
		return "teacher_id"
	}
	return "student_id"
}

// refund returns a class's price from escrow to its student.
func refund(ctx context.Context, tx *Tx, b *zabano.Booking) error {
	return post(ctx, tx, classTransfer(zabano.TxRefund, zabano.EscrowOf(b.StudentID), zabano.WalletOf(b.StudentID), b.Price, b.ID))
}

// CancelByStudent implements zabano.BookingStore. A class that has started
// is the teacher's to be paid for: a request then would only hold the
// payment back. The policy is read on the transaction's clock, and a free
// cancellation moves the class from booked only, so of it and a concurrent
// mark-done or teacher's cancel one wins and the money moves once.
func (db *DB) CancelByStudent(ctx context.Context, studentID, bookingID int64, notice time.Duration) (b *zabano.Booking, err error) {
	booked := []zabano.BookingStatus{zabano.StatusBooked}
	err = db.write(ctx, func(tx *Tx) error {
		b, err = findBooking(ctx, tx, bookingID)
		if err != nil || b.StudentID != studentID {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgBookingNotFound)
		}
		if !b.Start.After(tx.now) {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgCancelTooLate)
		}
		if !b.FreeCancel(tx.now, notice) {
			b, err = transition(ctx, tx, bookingID, zabano.RoleStudent, studentID, booked, zabano.StatusCancelPending,
				`, cancel_requested_at = ?`, ms(tx.now))
			if err != nil {
				return err
			}
			return notifyClass(ctx, tx, zabano.KindCancelRequested, b, b.TeacherID)
		}
		b, err = transition(ctx, tx, bookingID, zabano.RoleStudent, studentID, booked, zabano.StatusCancelled,
			`, cancelled_by = ?, cancel_requested_at = ?, closed_at = ?`, zabano.RoleStudent, ms(tx.now), ms(tx.now))
		if err != nil {
			return err
		}
		if err := freeAndRefund(ctx, tx, b); err != nil {
			return err
		}
		return notifyClass(ctx, tx, zabano.KindClassCancelled, b, b.TeacherID)
	})
	return b, err
}

// freeAndRefund offers a cancelled class's time to other students again
// and returns its price to its student.
func freeAndRefund(ctx context.Context, tx *Tx, b *zabano.Booking) error {
	tx.changesTeachers(b.TeacherID)
	if _, err := tx.exec(ctx, `UPDATE slots SET booked = FALSE WHERE id = ?`, b.SlotID); err != nil {
		return err
	}
	return refund(ctx, tx, b)
}

// DecideCancel implements zabano.BookingStore.
func (db *DB) DecideCancel(ctx context.Context, teacherID, bookingID int64, approve bool) (b *zabano.Booking, err error) {
	pending := []zabano.BookingStatus{zabano.StatusCancelPending}
	err = db.write(ctx, func(tx *Tx) error {
		if !approve {
			if b, err = transition(ctx, tx, bookingID, zabano.RoleTeacher, teacherID, pending, zabano.StatusBooked, ""); err != nil {
				return err
			}
			return notifyClass(ctx, tx, zabano.KindCancelRejected, b, b.StudentID)
		}
		b, err = transition(ctx, tx, bookingID, zabano.RoleTeacher, teacherID, pending, zabano.StatusCancelled,
			`, cancelled_by = ?, closed_at = ?`, zabano.RoleStudent, ms(tx.now))
		if err != nil {
			return err
		}
		if err := freeAndRefund(ctx, tx, b); err != nil {
			return err
		}
		return notifyClass(ctx, tx, zabano.KindCancelApproved, b, b.StudentID)
	})
	return b, err
}

// CancelByTeacher implements zabano.BookingStore.
func (db *DB) CancelByTeacher(ctx context.Context, teacherID, bookingID int64) (b *zabano.Booking, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		b, err = cancelByTeacher(ctx, tx, teacherID, bookingID)
		return err
	})
	return b, err
}

// cancelByTeacher cancels the teacher's booked class with a full refund and
// withdraws its slot: the teacher's own cancellation, and their suspension's.
func cancelByTeacher(ctx context.Context, tx *Tx, teacherID, bookingID int64) (*zabano.Booking, error) {
	b, err := transition(ctx, tx, bookingID, zabano.RoleTeacher, teacherID,
		[]zabano.BookingStatus{zabano.StatusBooked, zabano.StatusCancelPending}, zabano.StatusCancelled,
		`, cancelled_by = ?, closed_at = ?`, zabano.RoleTeacher, ms(tx.now))
	if err != nil {
		return nil, err
	}
	// The teacher cannot teach then: the time is withdrawn, not offered again.
	tx.changesTeachers(b.TeacherID)
	if _, err := tx.exec(ctx, `DELETE FROM slots WHERE id = ?`, b.SlotID); err != nil {
		return nil, err
	}
	b.SlotID = 0
	if err := refund(ctx, tx, b); err != nil {
		return nil, err
	}
	return b, notifyClass(ctx, tx, zabano.KindClassCancelled, b, b.StudentID)
}

// MarkDone implements zabano.BookingStore.
func (db *DB) MarkDone(ctx context.Context, userID, bookingID int64) (b *zabano.Booking, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		b, err = findBooking(ctx, tx, bookingID)
		if err != nil || b.StudentID != userID && b.TeacherID != userID {
			return zabano.Errorf(zabano.ENOTFOUND, zabano.MsgBookingNotFound)
		}
		if b.End.After(tx.now) {
			return zabano.Errorf(zabano.EINVALID, zabano.MsgNotEnded)
		}
		owner := zabano.RoleStudent
		if b.TeacherID == userID {
			owner = zabano.RoleTeacher
		}
		b, err = settle(ctx, tx, b.ID, owner, userID)
		return err
	})
	return b, err
}

// settle marks a booked class done and pays its teacher from escrow, unless
// a problem report holds the payment (problem.go).
func settle(ctx context.Context, tx *Tx, bookingID int64, owner zabano.Role, ownerID int64) (*zabano.Booking, error) {
	b, err := transition(ctx, tx, bookingID, owner, ownerID,
		[]zabano.BookingStatus{zabano.StatusBooked}, zabano.StatusDone, `, closed_at = ?`, ms(tx.now))
	if err != nil {
		return nil, err
	}
	if err := problemHolds(ctx, tx, bookingID); err != nil {
		return nil, err
	}
	tx.changesTeachers(b.TeacherID)
	if _, err := tx.exec(ctx, `UPDATE teacher_profiles SET sessions = sessions + 1 WHERE user_id = ?`, b.TeacherID); err != nil {
		return nil, err
	}
	if err := post(ctx, tx, classSplit(zabano.TxClassPayment, b, zabano.Entry{Account: zabano.EscrowOf(b.StudentID), Amount: -b.Price}, 0)); err != nil {
		return nil, err
	}
	return b, notifyPaid(ctx, tx, b)
}

// classSplit is the transaction of class b that takes money out of from
// (its entry, a debit), gives refund of it to the student and pays the rest
// to the teacher, less the class's commission to the platform
// (zabano.SplitClassPayment). Legs of zero are left out.
func classSplit(typ zabano.TransactionType, b *zabano.Booking, from zabano.Entry, refund int64) *zabano.LedgerTransaction {
	teacher, platform := zabano.SplitClassPayment(-from.Amount-refund, b.CommissionPercent)
	t := &zabano.LedgerTransaction{Type: typ, Description: fmt.Sprintf("class #%d", b.ID), BookingID: b.ID, Entries: []zabano.Entry{from}}
	for _, e := range []zabano.Entry{
		{Account: zabano.WalletOf(b.StudentID), Amount: refund},
		{Account: zabano.WalletOf(b.TeacherID), Amount: teacher},
		{Account: zabano.PlatformAccount, Amount: platform},
	} {
		if e.Amount != 0 {
			t.Entries = append(t.Entries, e)
		}
	}
	return t
}

// lockBooking reads booking id holding its row until tx ends. Reporting a
// problem, proposing or answering a new time, marking done and settling a
// class each change it after this (or after an UPDATE of its row, which locks
// it too), so on PostgreSQL they take turns on it and each reads what the one
// before wrote; all lock the class first, then its proposals and slots, so
// they cannot deadlock. SQLite runs one writer at a time anyway.
func lockBooking(ctx context.Context, tx *Tx, id int64) (*zabano.Booking, error) {
	if tx.pg {
		if _, err := tx.exec(ctx, `SELECT id FROM bookings WHERE id = ? FOR UPDATE`, id); err != nil {
			return nil, err
		}
	}
	return findBooking(ctx, tx, id)
}

// SettleDue implements zabano.BookingStore. Each class settles in its own
// transaction, and only from booked, so processes running it at once pay
// each class once.
func (db *DB) SettleDue(ctx context.Context, cutoff time.Time) (int, error) {
	var due []struct{ id, teacher int64 }
	err := db.read(ctx, func(tx *Tx) error {
		// A reported class waits for its report (problem.go), not in this queue.
		rows, err := tx.query(ctx, `SELECT id, teacher_id FROM bookings b WHERE status = ? AND end_at <= ?
			AND NOT EXISTS (SELECT 1 FROM problem_reports p WHERE p.booking_id = b.id AND p.status IN ('open', 'disputed'))
			ORDER BY end_at LIMIT 1000`, zabano.StatusBooked, ms(cutoff))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var d struct{ id, teacher int64 }
			if err := rows.Scan(&d.id, &d.teacher); err != nil {
				return err
			}
			due = append(due, d)
		}
		return rows.Err()
	})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range due {
		err := db.write(ctx, func(tx *Tx) error {
			_, err := settle(ctx, tx, d.id, zabano.RoleTeacher, d.teacher)
			return err
		})
		switch zabano.ErrorCode(err) {
		case "":
			n++
		case zabano.ECONFLICT: // settled by another process meanwhile
		default:
			return n, err
		}
	}
	return n, nil
}

const bookingColumns = `b.id, COALESCE(b.slot_id, 0), b.student_id, b.teacher_id, b.level_price_id, l.language, l.level,
	b.start_at, b.end_at, b.price, b.commission_percent, b.trial, b.status, b.cancelled_by, b.meeting_link, b.notes, b.created_at,
	COALESCE(b.cancel_requested_at, 0),
	t.username, t.first_name, t.last_name, t.photo, t.deleted_at, s.username, s.first_name, s.last_name, s.photo, s.email, s.phone,
	s.deleted_at`

const bookingJoins = ` FROM bookings b JOIN teacher_levels l ON l.id = b.level_price_id
	JOIN users t ON t.id = b.teacher_id JOIN users s ON s.id = b.student_id`

func scanBooking(row interface{ Scan(...any) error }) (*zabano.Booking, error) {
	var b zabano.Booking
	var start, end, created, requested int64
	var teacherDeleted, studentDeleted sql.NullInt64
	err := row.Scan(&b.ID, &b.SlotID, &b.StudentID, &b.TeacherID, &b.LevelPriceID, &b.Language, &b.Level,
		&start, &end, &b.Price, &b.CommissionPercent, &b.Trial, &b.Status, &b.CancelledBy, &b.MeetingLink, &b.Notes, &created, &requested,
		&b.Teacher.Username, &b.Teacher.FirstName, &b.Teacher.LastName, &b.Teacher.Photo, &teacherDeleted,
		&b.Student.Username, &b.Student.FirstName, &b.Student.LastName, &b.Student.Photo, &b.Student.Email, &b.Student.Phone,
		&studentDeleted)
	if err != nil {
		return nil, notFound(err, zabano.MsgBookingNotFound)
	}
	b.Start, b.End, b.CreatedAt = fromMS(start), fromMS(end), fromMS(created)
	b.Teacher.DeletedAt, b.Student.DeletedAt = fromNullMS(teacherDeleted), fromNullMS(studentDeleted)
	if requested != 0 {
		b.CancelRequestedAt = fromMS(requested)
	}
	b.Teacher.ID, b.Student.ID = b.TeacherID, b.StudentID
	return &b, nil
}

func findBooking(ctx context.Context, tx *Tx, id int64) (*zabano.Booking, error) {
	return scanBooking(tx.queryRow(ctx, `SELECT `+bookingColumns+bookingJoins+` WHERE b.id = ?`, id))
}

// classesSelect reads classes with what hangs on them, the parts of each
// row in rowParts' order. The open status is written out: bound, it would
// match the open proposals' partial index and make SQLite plan the
// statement again on every call.
var classesSelect = `SELECT ` + bookingColumns + `, ` + realias(reviewColumns, "r", "rv", "s", "rs") + `, ` +
	realias(rescheduleColumns, "r", "rr", "s", "rt") + `, ` + realias(problemColumns, "p", "rp") +
	bookingJoins + `
	LEFT JOIN reviews rv ON rv.booking_id = b.id LEFT JOIN users rs ON rs.id = rv.student_id
	LEFT JOIN reschedules rr ON rr.booking_id = b.id AND rr.status = 'open' AND rr.expires_at > ?
	LEFT JOIN slots rt ON rt.id = rr.slot_id
	LEFT JOIN problem_reports rp ON rp.booking_id = b.id`

// Classes implements zabano.BookingStore: one statement, so that a class
// and what hangs on it (its review, its open proposal of another time, its
// problem report, each at most one) are seen at the same instant, in one
// round trip and without a transaction.
func (db *DB) Classes(ctx context.Context, u *zabano.User) (list []zabano.Class, err error) {
	q := classesSelect + `
		WHERE b.` + side(u.Role) + ` = ? ORDER BY b.start_at, b.id`
	var parts *rowParts
	err = db.readOne(ctx, func(tx *Tx) error {
		return scanAll(ctx, tx, func(rows *sql.Rows) (err error) {
			if parts == nil {
				if parts, err = newRowParts(rows); err != nil {
					return err
				}
			}
			parts.start()
			var c zabano.Class
			if c.Booking, err = scanBooking(parts); err != nil {
				return err
			}
			if c.Review, err = optional(parts, scanReview); err != nil {
				return err
			}
			if c.Reschedule, err = optional(parts, scanReschedule); err != nil {
				return err
			}
			c.Problem, err = optional(parts, func(row interface{ Scan(...any) error }) (*zabano.ProblemReport, error) { return scanProblem(row) })
			list = append(list, c)
			return err
		}, q, ms(tx.now), u.ID)
	})
	return list, err
}
