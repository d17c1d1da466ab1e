package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zabano/zabano"
)

// shownName is the SQL of the name the user of alias o is shown by to the
// people they deal with: zabano.User.DisplayName, or zabano.MsgDeletedUser
// once they deleted their account. An archive names other people by it alone.
func shownName(o string) string {
	full := `TRIM(` + o + `.first_name || ' ' || ` + o + `.last_name)`
	return `CASE WHEN ` + o + `.deleted_at IS NOT NULL THEN '` + zabano.MsgDeletedUser.En + `'
		WHEN ` + full + ` <> '' THEN ` + full + ` ELSE ` + o + `.username END`
}

// exportQueries fill the files of an archive: each query's columns are the
// keys of its file's rows. Every ? is the user's id. Other people appear by
// shownName only: never their username, phone or email.
var exportQueries = map[string]string{
	"profile.json": `SELECT id, role, username, email, email_verified_at, phone, first_name, last_name, bio, photo, level,
		created_at, suspended_at, suspended_reason FROM users WHERE id = ?`,
	"teacher_profile.json": `SELECT price_per_hour, test_session_price, intro_video, experience_years, education,
		certifications, specializations, teaching_style, availability_note, wp_teacher_id, timezone, sessions,
		review_count, rating_sum FROM teacher_profiles WHERE user_id = ?`,
	"teacher_levels.json": `SELECT id, language, level, regular_price, exam_price, active
		FROM teacher_levels WHERE teacher_id = ? ORDER BY id`,
	"teacher_documents.json": `SELECT id, name, file, created_at FROM teacher_documents WHERE teacher_id = ? ORDER BY id`,
	"teacher_slots.json":     `SELECT id, start_at, end_at, booked, created_at FROM slots WHERE teacher_id = ? ORDER BY start_at`,
	"student_languages.json": `SELECT id, language, level FROM student_languages WHERE student_id = ? ORDER BY id`,
	"study_notes.json":       `SELECT id, title, content, created_at, updated_at FROM study_notes WHERE student_id = ? ORDER BY id`,
	"classes.json": `SELECT b.id, CASE WHEN b.student_id = ? THEN 'student' ELSE 'teacher' END AS my_role,
			` + shownName("o") + ` AS with_name, l.language, l.level, b.trial, b.start_at, b.end_at, b.price,
			b.status, b.cancelled_by, b.meeting_link, b.notes, b.created_at, b.cancel_requested_at, b.closed_at
		FROM bookings b JOIN teacher_levels l ON l.id = b.level_price_id
		JOIN users o ON o.id = CASE WHEN b.student_id = ? THEN b.teacher_id ELSE b.student_id END
		WHERE b.student_id = ? OR b.teacher_id = ? ORDER BY b.start_at, b.id`,
	"saved_teachers.json": `SELECT ` + shownName("o") + ` AS teacher, s.created_at
		FROM saved_teachers s JOIN users o ON o.id = s.teacher_id WHERE s.student_id = ? ORDER BY s.created_at, s.teacher_id`,
	"reviews_written.json": `SELECT r.id, r.booking_id, ` + shownName("o") + ` AS teacher, r.rating, r.text, r.created_at,
			r.reply, r.replied_at, r.hidden
		FROM reviews r JOIN users o ON o.id = r.teacher_id WHERE r.student_id = ? ORDER BY r.id`,
	"reviews_received.json": `SELECT r.id, r.booking_id, ` + shownName("o") + ` AS student, r.rating, r.text, r.created_at,
			r.reply, r.replied_at, r.hidden
		FROM reviews r JOIN users o ON o.id = r.student_id WHERE r.teacher_id = ? ORDER BY r.id`,
	"problem_reports.json": `SELECT p.id, p.booking_id, p.reported_by, p.reason, p.text, p.resolution, p.status,
			p.created_at, p.answered_at, p.outcome, p.note, p.settled_at
		FROM problem_reports p JOIN bookings b ON b.id = p.booking_id
		WHERE b.student_id = ? OR b.teacher_id = ? ORDER BY p.id`,
	"wallet_transactions.json": `SELECT t.id, a.kind AS account, e.amount, t.type, t.description, t.booking_id, t.created_at
		FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN ledger_transactions t ON t.id = e.transaction_id
		WHERE a.user_id = ? ORDER BY t.id, a.kind`,
	"withdrawals.json": `SELECT id, kind, amount, iban, status, created_at, settled_at, reference, reason
		FROM withdrawals WHERE user_id = ? ORDER BY id`,
	"payments.json": `SELECT authority, amount, description, status, ref_id, card_pan, mobile, email, created_at, paid_at
		FROM payments WHERE user_id = ? ORDER BY id`,
	"chats.json": `SELECT c.id, ` + shownName("o") + ` AS with_name, c.created_at
		FROM chats c JOIN users o ON o.id = CASE WHEN c.student_id = ? THEN c.teacher_id ELSE c.student_id END
		WHERE c.student_id = ? OR c.teacher_id = ? ORDER BY c.id`,
	"messages.json": `SELECT m.chat_id, m.id, CASE WHEN m.sender_id = ? THEN 'me' ELSE ` + shownName("o") + ` END AS sender,
			m.content, m.attachment_name, m.created_at
		FROM chats c JOIN messages m ON m.chat_id = c.id JOIN users o ON o.id = m.sender_id
		WHERE c.student_id = ? OR c.teacher_id = ? ORDER BY m.chat_id, m.id`,
	"notifications.json": `SELECT id, kind, object_type, object_id, data, created_at, due_at, read_at
		FROM notifications WHERE user_id = ? ORDER BY due_at, id`,
	"notification_preferences.json": `SELECT off, quiet_start, quiet_end, time_zone, language
		FROM notification_prefs WHERE user_id = ?`,
	"materials.json": `SELECT id, title, description, material_type, link_url, file, file_name, created_at
		FROM materials WHERE teacher_id = ? ORDER BY id`,
	"courses.json": `SELECT id, title, description, class_link, days, start_time, active, created_at
		FROM courses WHERE teacher_id = ? ORDER BY id`,
}

// ownFiles lists the media keys of the files user id stored: those their
// data points to (photo, intro video, documents, material files) and any
// other upload counted against their quota.
const ownFiles = `SELECT photo FROM users WHERE id = ?
	UNION SELECT intro_video FROM teacher_profiles WHERE user_id = ?
	UNION SELECT file FROM teacher_documents WHERE teacher_id = ?
	UNION SELECT file FROM materials WHERE teacher_id = ?
	UNION SELECT key FROM uploads WHERE user_id = ?`

// ExportAccount implements zabano.UserStore.
func (db *DB) ExportAccount(ctx context.Context, id int64, sink zabano.ExportSink) (files []string, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		u, err := scanUser(tx.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
		if err != nil {
			return err
		}
		for _, f := range zabano.ExportFilesOf(u.Role) {
			q, ok := exportQueries[f.Name]
			if !ok {
				return fmt.Errorf("export: no query fills %s", f.Name)
			}
			if err := sink.File(f); err != nil {
				return err
			}
			if err := exportRows(ctx, tx, sink, q, id); err != nil {
				return fmt.Errorf("export %s: %w", f.Name, err)
			}
		}
		files, err = userFiles(ctx, tx, id)
		return err
	})
	return files, err
}

// exportRows writes the rows of q, whose every ? is id, to sink. Instants
// (the schema's *_at columns, Unix milliseconds) are written as times, and
// SQLite's booleans, stored as 0 and 1, as booleans, as PostgreSQL's are.
func exportRows(ctx context.Context, tx *Tx, sink zabano.ExportSink, q string, id int64) error {
	args := make([]any, strings.Count(q, "?"))
	for i := range args {
		args[i] = id
	}
	rows, err := tx.query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	types, err := rows.ColumnTypes()
	if err != nil {
		return err
	}
	vals := make([]any, len(types))
	ptrs := make([]any, len(types))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		row := make(zabano.ExportRow, len(types))
		for i, t := range types {
			v := vals[i]
			switch n := v.(type) {
			case []byte:
				v = string(n)
			case int64:
				switch {
				case strings.HasSuffix(t.Name(), "_at"):
					v = fromMS(n)
				case strings.HasPrefix(strings.ToUpper(t.DatabaseTypeName()), "BOOL"):
					v = n != 0
				}
			}
			row[i] = zabano.ExportField{Name: t.Name(), Value: v}
		}
		if err := sink.Row(row); err != nil {
			return err
		}
	}
	return rows.Err()
}

// userFiles returns the media keys of ownFiles of user id, sorted.
func userFiles(ctx context.Context, tx *Tx, id int64) ([]string, error) {
	rows, err := tx.query(ctx, ownFiles, id, id, id, id, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		if k != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys, rows.Err()
}

// DeleteAccount implements zabano.UserStore. The user's row is claimed
// first, so two deletions of one account run one after the other; a
// teacher's free slots go before the holds are read, so a booking of one
// of them either committed before (and holds the account) or finds it gone.
func (db *DB) DeleteAccount(ctx context.Context, id int64) (files []string, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE users SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL AND role <> 'admin'`, ms(tx.now), id)
		if err != nil {
			return err
		}
		if err := oneRow(res, msgUserNotFound); err != nil {
			return err
		}
		var role zabano.Role
		var phone string
		if err := tx.queryRow(ctx, `SELECT role, phone FROM users WHERE id = ?`, id).Scan(&role, &phone); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM slots WHERE teacher_id = ? AND booked = FALSE AND start_at > ?`, id, ms(tx.now)); err != nil {
			return err
		}
		holds, err := accountHolds(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := holds.Err(role); err != nil {
			return err
		}
		// The files go once the transaction has committed: read now, while
		// the rows still point to them.
		if files, err = userFiles(ctx, tx, id); err != nil {
			return err
		}
		for _, q := range eraseAccount {
			if _, err := tx.exec(ctx, q, id); err != nil {
				return err
			}
		}
		// A deleted teacher is listed no more (people.go).
		if err := relist(ctx, tx, id); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM phone_codes WHERE phone = ?`, phone); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `UPDATE users SET username = ?, phone = ?, email = '', email_verified_at = NULL, first_name = '', last_name = '',
			bio = '', photo = '', level = '', password_hash = '', token_version = token_version + 1 WHERE id = ?`,
			zabano.DeletedName(id), zabano.DeletedName(id), id)
		return err
	})
	return files, err
}

// eraseAccount erases what a deleted user wrote about themselves and what
// only they used, each statement with one ? for their id. Their classes,
// reviews, reports, chats and money records stay, for the people on the
// other side and for the ledger; teacher_levels stay for the bookings that
// name them, no longer offered.
var eraseAccount = []string{
	`UPDATE teacher_profiles SET intro_video = '', education = '', certifications = '', specializations = '',
		teaching_style = '', availability_note = '', wp_teacher_id = '', languages = '', search = '', search_name = '',
		bookable = FALSE
		WHERE user_id = ?`,
	`UPDATE teacher_levels SET active = FALSE WHERE teacher_id = ?`,
	`DELETE FROM teacher_documents WHERE teacher_id = ?`,
	`DELETE FROM materials WHERE teacher_id = ?`,
	`DELETE FROM courses WHERE teacher_id = ?`,
	`DELETE FROM student_languages WHERE student_id = ?`,
	`DELETE FROM study_notes WHERE student_id = ?`,
	// The teachers a student saved, and a deleted teacher's place in the
	// lists of those who saved them: nobody finds that teacher any more.
	`DELETE FROM saved_teachers WHERE student_id = ?`,
	`DELETE FROM saved_teachers WHERE teacher_id = ?`,
	// The files they sent in chats are deleted with their other uploads;
	// the messages stay, without them.
	`UPDATE messages SET attachment = NULL, attachment_name = '', attachment_size = 0 WHERE sender_id = ?`,
	`DELETE FROM calendars WHERE user_id = ?`,
	// A student's notes to their teachers are theirs; the class is both sides'.
	`UPDATE bookings SET notes = '' WHERE student_id = ?`,
	// The payment stays as the gateway knows it, without their contact details.
	`UPDATE payments SET mobile = '', email = '' WHERE user_id = ?`,
	`DELETE FROM events WHERE user_id = ?`,
	// Their notifications, with the deliveries still on their way.
	`DELETE FROM notifications WHERE user_id = ?`,
	`DELETE FROM notification_prefs WHERE user_id = ?`,
}

// accountHolds reads what keeps user id from deleting their account. The
// balances are read in one statement, after the classes and reports: money
// a class settles meanwhile moves between balances that one snapshot sees.
func accountHolds(ctx context.Context, tx *Tx, id int64) (h zabano.AccountHolds, err error) {
	err = tx.queryRow(ctx, `SELECT
			(SELECT count(*) FROM bookings WHERE (student_id = ? OR teacher_id = ?) AND status IN (?, ?)),
			(SELECT count(*) FROM problem_reports p JOIN bookings b ON b.id = p.booking_id
				WHERE (b.student_id = ? OR b.teacher_id = ?) AND p.status IN ('open', 'disputed')),
			(SELECT count(*) FROM payments WHERE user_id = ? AND status = ?)`,
		id, id, zabano.StatusBooked, zabano.StatusCancelPending,
		id, id,
		id, zabano.PaymentPending).Scan(&h.Classes, &h.Reports, &h.Payments)
	if err != nil {
		return h, err
	}
	rows, err := tx.query(ctx, `SELECT kind, balance FROM ledger_accounts WHERE user_id = ?`, id)
	if err != nil {
		return h, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind zabano.AccountKind
		var balance int64
		if err := rows.Scan(&kind, &balance); err != nil {
			return h, err
		}
		switch kind {
		case zabano.AccountWallet:
			h.Wallet = balance
		case zabano.AccountEscrow:
			h.Escrow = balance
		case zabano.AccountWithdrawals:
			h.Withdrawals = balance
		default:
			return h, errors.New("account holds: a user's ledger account of kind " + string(kind))
		}
	}
	return h, rows.Err()
}
