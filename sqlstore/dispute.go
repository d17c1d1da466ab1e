package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/zabano/zabano"
)

// disputeQuery reads reports with their class, its two sides and the
// operator who decided, for the rows its WHERE picks.
var disputeQuery = `SELECT ` + problemColumns + `, b.start_at, b.end_at, b.price, b.commission_percent, l.language, l.level,
	b.status, ` + summaryColumns("t") + `, ` + summaryColumns("s") + `, ` + summaryColumns("d") + `
	FROM problem_reports p JOIN bookings b ON b.id = p.booking_id JOIN teacher_levels l ON l.id = b.level_price_id
	JOIN users t ON t.id = b.teacher_id JOIN users s ON s.id = b.student_id LEFT JOIN users d ON d.id = p.decided_by`

func scanDispute(row interface{ Scan(...any) error }) (*zabano.Dispute, error) {
	var d zabano.Dispute
	var start, end int64
	b := &d.Booking
	extra := []any{&start, &end, &b.Price, &b.CommissionPercent, &b.Language, &b.Level, &b.Status}
	extra = append(append(append(extra, summaryOf(&b.Teacher)...), summaryOf(&b.Student)...), summaryOf(&d.DecidedBy)...)
	r, err := scanProblem(row, extra...)
	if err != nil {
		return nil, err
	}
	d.Report = *r
	b.ID, b.Start, b.End = r.BookingID, fromMS(start), fromMS(end)
	b.TeacherID, b.StudentID = b.Teacher.ID, b.Student.ID
	return &d, nil
}

// Disputes implements zabano.DisputeStore.
func (db *DB) Disputes(ctx context.Context, status zabano.ProblemStatus, before int64, limit int) ([]zabano.Dispute, error) {
	q, args := disputeQuery+` WHERE p.status = ?`, []any{status}
	if before != 0 {
		q, args = q+` AND p.id < ?`, append(args, before)
	}
	var list []zabano.Dispute
	err := db.read(ctx, func(tx *Tx) error {
		list = []zabano.Dispute{}
		return scanAll(ctx, tx, func(rows *sql.Rows) error {
			d, err := scanDispute(rows)
			if err == nil {
				list = append(list, *d)
			}
			return err
		}, q+` ORDER BY p.id DESC`+limitOffset(limit, 0), args...)
	})
	return list, err
}

var msgDisputeNotFound = zabano.Msg{En: "Dispute not found.", Fa: "اختلاف یافت نشد."}

// findDispute reads report id as a dispute: only a disputed or resolved
// report is one.
func findDispute(ctx context.Context, tx *Tx, id int64) (*zabano.Dispute, error) {
	d, err := scanDispute(tx.queryRow(ctx, disputeQuery+` WHERE p.id = ? AND p.status IN ('disputed', 'resolved')`, id))
	if zabano.ErrorCode(err) == zabano.ENOTFOUND {
		return nil, zabano.Errorf(zabano.ENOTFOUND, msgDisputeNotFound)
	}
	return d, err
}

// Dispute implements zabano.DisputeStore.
func (db *DB) Dispute(ctx context.Context, id int64, around time.Duration) (d *zabano.Dispute, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		if d, err = findDispute(ctx, tx, id); err != nil {
			return err
		}
		b := &d.Booking
		rows, err := tx.query(ctx, `SELECT m.id, m.chat_id, m.sender_id, m.content, m.created_at
			FROM messages m JOIN chats c ON c.id = m.chat_id
			WHERE c.student_id = ? AND c.teacher_id = ? AND m.created_at >= ? AND m.created_at <= ?
			ORDER BY m.id`+limitOffset(zabano.MaxDisputeMessages, 0), b.StudentID, b.TeacherID, ms(b.Start.Add(-around)), ms(b.End.Add(around)))
		if err != nil {
			return err
		}
		defer rows.Close()
		d.Messages = []zabano.Message{}
		for rows.Next() {
			var m zabano.Message
			var at int64
			if err := rows.Scan(&m.ID, &m.ChatID, &m.SenderID, &m.Content, &at); err != nil {
				return err
			}
			m.CreatedAt = fromMS(at)
			d.Messages = append(d.Messages, m)
		}
		return rows.Err()
	})
	return d, err
}

// DecideDispute implements zabano.DisputeStore. It locks the class first,
// as answering a report and settling do (lockBooking), so that of two
// decisions at once the second reads the first's and is refused: the money
// moves once.
func (db *DB) DecideDispute(ctx context.Context, id, by int64, outcome zabano.Resolution, note string) (d *zabano.Dispute, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		var bookingID int64
		if err := tx.queryRow(ctx, `SELECT booking_id FROM problem_reports WHERE id = ?`, id).Scan(&bookingID); err != nil {
			return notFound(err, msgDisputeNotFound)
		}
		b, err := lockBooking(ctx, tx, bookingID)
		if err != nil {
			return err
		}
		r, err := findProblem(ctx, tx, id)
		if err != nil {
			return err
		}
		switch r.Status {
		case zabano.ProblemDisputed:
		case zabano.ProblemResolved:
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgDisputeDecided)
		default:
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgNotDisputed)
		}
		err = settleProblem(ctx, tx, b, outcome)
		if zabano.ErrorCode(err) == zabano.ECONFLICT && b.Status == zabano.StatusDone {
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgDisputeWithdrawn)
		} else if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `UPDATE problem_reports SET status = ?, outcome = ?, note = ?, decided_by = ?, settled_at = ? WHERE id = ?`,
			zabano.ProblemResolved, outcome, note, by, ms(tx.now), id); err != nil {
			return err
		}
		if err := logAction(ctx, tx, by, zabano.ActionDecideDispute, zabano.ObjectProblemReport, id, note); err != nil {
			return err
		}
		if err := notifyResolved(ctx, tx, b, outcome.Refund(b.Price), note, b.StudentID, b.TeacherID); err != nil {
			return err
		}
		d, err = findDispute(ctx, tx, id)
		return err
	})
	return d, err
}
