package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/zabano/zabano"
)

// problemHolds refuses paying class bookingID to its teacher while a
// problem report on it is open or disputed. Run after the class's row is
// locked, it sees every report committed before.
func problemHolds(ctx context.Context, tx *Tx, bookingID int64) error {
	var n int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM problem_reports WHERE booking_id = ? AND status IN ('open', 'disputed')`,
		bookingID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return zabano.Errorf(zabano.ECONFLICT, zabano.MsgProblemHolds)
	}
	return nil
}

// ReportProblem implements zabano.ProblemStore. A class is reported once:
// the check reads under the class's lock, and the unique index on open
// reports makes one of two reports at once win on either database.
func (db *DB) ReportProblem(ctx context.Context, p *zabano.NewProblem, window time.Duration) (r *zabano.ProblemReport, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		b, err := lockBooking(ctx, tx, p.BookingID)
		if err != nil {
			return err
		}
		var side zabano.Role
		switch p.UserID {
		case b.StudentID:
			side = zabano.RoleStudent
		case b.TeacherID:
			side = zabano.RoleTeacher
		default:
			return zabano.Errorf(zabano.EFORBIDDEN, zabano.MsgProblemNotYours)
		}
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM problem_reports WHERE booking_id = ?`, b.ID).Scan(&n); err != nil {
			return err
		}
		switch {
		case n > 0:
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgProblemTwice)
		case b.Status != zabano.StatusBooked && b.Status != zabano.StatusDone:
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgWrongState, b.Status.Name())
		case b.End.After(tx.now):
			return zabano.Errorf(zabano.EINVALID, zabano.MsgProblemTooEarly)
		case tx.now.After(b.End.Add(window)):
			return zabano.Errorf(zabano.EINVALID, zabano.MsgProblemTooLate)
		}
		var id int64
		err = tx.queryRow(ctx, `INSERT INTO problem_reports (booking_id, reported_by, reason, text, resolution, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, b.ID, side, p.Reason, p.Text, p.Resolution, zabano.ProblemOpen, ms(tx.now)).Scan(&id)
		if _, ok := uniqueViolation(err); ok {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgProblemTwice)
		} else if err != nil {
			return err
		}
		if r, err = findProblem(ctx, tx, id); err != nil {
			return err
		}
		other := b.TeacherID
		if side == zabano.RoleTeacher {
			other = b.StudentID
		}
		return notifyClass(ctx, tx, zabano.KindProblemReported, b, other)
	})
	return r, err
}

// AnswerProblem implements zabano.ProblemStore. The class's lock makes the
// answer, a second answer, marking done and settling take turns: the money
// moves once.
func (db *DB) AnswerProblem(ctx context.Context, userID, reportID int64, accept bool) (r *zabano.ProblemReport, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		var bookingID int64
		if err := tx.queryRow(ctx, `SELECT booking_id FROM problem_reports WHERE id = ?`, reportID).Scan(&bookingID); err != nil {
			return notFound(err, zabano.MsgProblemNotFound)
		}
		b, err := lockBooking(ctx, tx, bookingID)
		if err != nil {
			return err
		}
		if r, err = findProblem(ctx, tx, reportID); err != nil {
			return err
		}
		answerer, reporter := b.TeacherID, b.StudentID // the answerer is the other side
		if r.ReportedBy == zabano.RoleTeacher {
			answerer, reporter = b.StudentID, b.TeacherID
		}
		switch {
		case userID != b.StudentID && userID != b.TeacherID:
			return zabano.Errorf(zabano.EFORBIDDEN, zabano.MsgProblemNotParty)
		case userID != answerer:
			return zabano.Errorf(zabano.EFORBIDDEN, zabano.MsgProblemOwn)
		case r.Status != zabano.ProblemOpen:
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgProblemAnswered)
		}
		if !accept {
			_, err = tx.exec(ctx, `UPDATE problem_reports SET status = ?, answered_at = ? WHERE id = ?`,
				zabano.ProblemDisputed, ms(tx.now), reportID)
		} else if err = settleProblem(ctx, tx, b, r.Resolution); err == nil {
			_, err = tx.exec(ctx, `UPDATE problem_reports SET status = ?, answered_at = ?, outcome = ?, settled_at = ?, decided_by = ?
				WHERE id = ?`, zabano.ProblemAccepted, ms(tx.now), r.Resolution, ms(tx.now), userID, reportID)
		}
		if err != nil {
			return err
		}
		if accept { // the reporter hears that the other side accepted
			if err := notifyResolved(ctx, tx, b, r.Resolution.Refund(b.Price), "", reporter); err != nil {
				return err
			}
		}
		r, err = findProblem(ctx, tx, reportID)
		return err
	})
	return r, err
}

// settleProblem moves reported class b's money as res says, in one ledger
// transaction, and leaves the class done: nothing about it is left to pay.
// What the teacher is paid, in part or in full, pays the class's commission
// (classSplit). A class still in escrow is split between its student, its
// teacher and the platform. A class already paid to its teacher (marked done
// or settled before the report) is refunded from the teacher's wallet and the
// platform's account, each giving back what it got beyond its share of the
// smaller payment; when the teacher has withdrawn it, that fails and the
// report stays as it was.
func settleProblem(ctx context.Context, tx *Tx, b *zabano.Booking, res zabano.Resolution) error {
	refund := res.Refund(b.Price)
	// sessions counts the classes paid to the teacher, in part or in full.
	var sessions int
	var t *zabano.LedgerTransaction
	switch b.Status {
	case zabano.StatusBooked:
		typ := zabano.TxRefund
		if refund == 0 {
			typ = zabano.TxClassPayment
		}
		if refund < b.Price {
			sessions = 1
		}
		t = classSplit(typ, b, zabano.Entry{Account: zabano.EscrowOf(b.StudentID), Amount: -b.Price}, refund)
		if _, err := transition(ctx, tx, b.ID, zabano.RoleStudent, b.StudentID, []zabano.BookingStatus{zabano.StatusBooked},
			zabano.StatusDone, `, closed_at = ?`, ms(tx.now)); err != nil {
			return err
		}
	case zabano.StatusDone:
		if refund == 0 {
			return nil
		}
		if refund == b.Price {
			sessions = -1
		}
		paidTeacher, paidPlatform := zabano.SplitClassPayment(b.Price, b.CommissionPercent)
		teacher, platform := zabano.SplitClassPayment(b.Price-refund, b.CommissionPercent)
		t = &zabano.LedgerTransaction{Type: zabano.TxRefund, Description: fmt.Sprintf("class #%d", b.ID), BookingID: b.ID,
			Entries: []zabano.Entry{{Account: zabano.WalletOf(b.StudentID), Amount: refund}}}
		for _, e := range []zabano.Entry{
			{Account: zabano.WalletOf(b.TeacherID), Amount: teacher - paidTeacher},
			{Account: zabano.PlatformAccount, Amount: platform - paidPlatform},
		} {
			if e.Amount != 0 {
				t.Entries = append(t.Entries, e)
			}
		}
	default:
		return zabano.Errorf(zabano.ECONFLICT, zabano.MsgWrongState, b.Status.Name())
	}
	if sessions != 0 {
		tx.changesTeachers(b.TeacherID)
		if _, err := tx.exec(ctx, `UPDATE teacher_profiles SET sessions = sessions + ? WHERE user_id = ?`, sessions, b.TeacherID); err != nil {
			return err
		}
	}
	err := post(ctx, tx, t)
	if b.Status == zabano.StatusDone && zabano.ErrorCode(err) == zabano.ECONFLICT {
		return zabano.Errorf(zabano.ECONFLICT, zabano.MsgProblemWithdrawn)
	}
	return err
}

const problemColumns = `p.id, p.booking_id, p.reported_by, p.reason, p.text, p.resolution, p.status, p.created_at,
	COALESCE(p.answered_at, 0), COALESCE(p.outcome, ''), p.note, COALESCE(p.settled_at, 0)`

func scanProblem(row interface{ Scan(...any) error }, extra ...any) (*zabano.ProblemReport, error) {
	var r zabano.ProblemReport
	var created, answered, settled int64
	err := row.Scan(append([]any{&r.ID, &r.BookingID, &r.ReportedBy, &r.Reason, &r.Text, &r.Resolution, &r.Status, &created,
		&answered, &r.Outcome, &r.Note, &settled}, extra...)...)
	if err != nil {
		return nil, notFound(err, zabano.MsgProblemNotFound)
	}
	r.CreatedAt = fromMS(created)
	if answered != 0 {
		r.AnsweredAt = fromMS(answered)
	}
	if settled != 0 {
		r.SettledAt = fromMS(settled)
	}
	return &r, nil
}

func findProblem(ctx context.Context, tx *Tx, id int64) (*zabano.ProblemReport, error) {
	return scanProblem(tx.queryRow(ctx, `SELECT `+problemColumns+` FROM problem_reports p WHERE p.id = ?`, id))
}
