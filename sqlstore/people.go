package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// usersByID reads the users of ids, by id.
func usersByID(ctx context.Context, tx *Tx, ids []int64) (map[int64]*zabano.User, error) {
	byID := map[int64]*zabano.User{}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	if len(ids) == 0 {
		return byID, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := tx.query(ctx, `SELECT `+userColumns+` FROM users WHERE id IN (`+placeholders(len(ids))+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		byID[u.ID] = u
	}
	return byID, rows.Err()
}

// foldSQL is the SQL of text expression expr as zabano.NormalizeSearch
// writes text, but for runs of spaces: lower case (ASCII only on SQLite,
// where Persian has no case anyway), and zabano.SearchFolds replaced.
func foldSQL(expr string) string {
	s := "lower(" + expr + ")"
	for _, f := range zabano.SearchFolds {
		s = "REPLACE(" + s + ", '" + f[0] + "', '" + f[1] + "')"
	}
	return s
}

// phoneDigits is q's digits when q is part of a phone number (digits, with
// spaces, dashes, brackets or a leading +), with +98 or 0098 written as the
// national 0; "" otherwise.
func phoneDigits(q string) string {
	q = zabano.ASCIIDigits(q)
	var b strings.Builder
	for i, r := range q {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0, r == ' ', r == '-', r == '(', r == ')':
		default:
			return ""
		}
	}
	d := b.String()
	switch {
	case strings.HasPrefix(d, "0098"):
		d = "0" + d[4:]
	case strings.HasPrefix(q, "+98"):
		d = "0" + d[2:]
	}
	return d
}

// minPhoneDigits is the fewest digits a search matches phones by: fewer
// would match most numbers.
const minPhoneDigits = 4

// FindUsers implements zabano.PeopleStore. Names are compared folded on
// both sides (foldSQL): the search reads every user, which an operator's
// occasional search can afford, and names need no second, folded copy.
func (db *DB) FindUsers(ctx context.Context, f zabano.UserFilter) (list []zabano.User, err error) {
	where, args := []string{"TRUE"}, []any{}
	if f.Role != "" {
		where, args = append(where, "role = ?"), append(args, f.Role)
	}
	if f.Query != "" {
		q := likePattern(zabano.NormalizeSearch(f.Query))
		match := []string{`lower(username) LIKE ? ESCAPE '\'`, foldSQL(`first_name || ' ' || last_name`) + ` LIKE ? ESCAPE '\'`}
		args = append(args, q, q)
		if phone, ok := zabano.NormalizePhone(f.Query); ok {
			match, args = append(match, "phone = ?"), append(args, phone)
		} else if d := phoneDigits(f.Query); len(d) >= minPhoneDigits {
			match, args = append(match, "phone LIKE ?"), append(args, "%"+d+"%")
		}
		where = append(where, "("+strings.Join(match, " OR ")+")")
	}
	err = db.read(ctx, func(tx *Tx) error {
		list = []zabano.User{}
		return scanAll(ctx, tx, func(rows *sql.Rows) error {
			u, err := scanUser(rows)
			if err == nil {
				list = append(list, *u)
			}
			return err
		}, `SELECT `+userColumns+` FROM users WHERE `+strings.Join(where, " AND ")+` ORDER BY id DESC`+limitOffset(f.Limit, 0), args...)
	})
	return list, err
}

// UserDetail implements zabano.PeopleStore, in one read transaction: one
// moment's picture of the user.
func (db *DB) UserDetail(ctx context.Context, id int64) (d *zabano.UserDetail, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		u, err := scanUser(tx.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
		if err != nil {
			return err
		}
		d = &zabano.UserDetail{User: *u}
		if d.Bookings, err = userBookings(ctx, tx, id); err != nil {
			return err
		}
		err = scanAll(ctx, tx, func(rows *sql.Rows) error {
			p, err := scanPayment(rows)
			if err == nil {
				d.Payments = append(d.Payments, *p)
			}
			return err
		}, `SELECT `+paymentColumns+` FROM payments p WHERE p.user_id = ? ORDER BY p.id DESC`+limitOffset(zabano.DetailListSize, 0), id)
		if err != nil {
			return err
		}
		if d.Chats, err = userChats(ctx, tx, id); err != nil {
			return err
		}
		if u.Role == zabano.RoleTeacher {
			d.Review, err = findTeacherReview(ctx, tx, id)
		}
		return err
	})
	return d, err
}

// userBookings is user id's newest classes, as student or teacher, with
// both sides' accounts.
func userBookings(ctx context.Context, tx *Tx, id int64) ([]*zabano.Booking, error) {
	var list []*zabano.Booking
	var ids []int64
	err := scanAll(ctx, tx, func(rows *sql.Rows) error {
		b, err := scanBooking(rows)
		if err == nil {
			list, ids = append(list, b), append(ids, b.StudentID, b.TeacherID)
		}
		return err
	}, `SELECT `+bookingColumns+bookingJoins+` WHERE b.student_id = ? OR b.teacher_id = ?
		ORDER BY b.start_at DESC, b.id DESC`+limitOffset(zabano.DetailListSize, 0), id, id)
	if err != nil {
		return nil, err
	}
	users, err := usersByID(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	for _, b := range list {
		b.Student, b.Teacher = *users[b.StudentID], *users[b.TeacherID]
	}
	return list, nil
}

// userChats is the metadata of user id's chats, most recently active first:
// never the messages' text.
func userChats(ctx context.Context, tx *Tx, id int64) ([]zabano.ChatSummary, error) {
	var list []zabano.ChatSummary
	var ids []int64
	err := scanAll(ctx, tx, func(rows *sql.Rows) error {
		var c zabano.ChatSummary
		var student, teacher int64
		var last sql.NullInt64
		if err := rows.Scan(&c.ID, &student, &teacher, &c.Messages, &last); err != nil {
			return err
		}
		c.With.ID = student
		if student == id {
			c.With.ID = teacher
		}
		c.LastMessageAt = fromNullMS(last)
		list, ids = append(list, c), append(ids, c.With.ID)
		return nil
	}, `SELECT c.id, c.student_id, c.teacher_id,
			(SELECT COUNT(*) FROM messages m WHERE m.chat_id = c.id), (SELECT MAX(m.created_at) FROM messages m WHERE m.chat_id = c.id)
		FROM chats c WHERE c.student_id = ? OR c.teacher_id = ? ORDER BY c.last_activity_at DESC, c.id DESC`+limitOffset(zabano.DetailListSize, 0),
		id, id)
	if err != nil {
		return nil, err
	}
	users, err := usersByID(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i].With = *users[list[i].With.ID]
	}
	return list, nil
}

// whyNotChanged is the error of an operator's change of user id that
// changed no row: there is no such user, they are an operator, or they are
// already as the change would leave them (conflict).
func whyNotChanged(ctx context.Context, tx *Tx, id int64, conflict zabano.Msg) error {
	var role zabano.Role
	if err := tx.queryRow(ctx, `SELECT role FROM users WHERE id = ?`, id).Scan(&role); err != nil {
		return notFound(err, msgUserNotFound)
	}
	if role == zabano.RoleAdmin {
		return zabano.Errorf(zabano.EINVALID, zabano.MsgSuspendOperator)
	}
	return zabano.Errorf(zabano.ECONFLICT, conflict)
}

// SuspendUser implements zabano.PeopleStore. The conditional UPDATE makes
// one of two suspensions at once win; the other is a conflict. Raising the
// token version ends the user's tokens for good: after a suspension is
// lifted they sign in again. A teacher leaves the list first (so a booking
// at the same moment either commits before and is cancelled below, or waits
// and is refused: checkListed), then their classes still to come are
// cancelled as their own cancellation does, locked first, so that a
// student's cancellation at the same moment is not cancelled twice.
func (db *DB) SuspendUser(ctx context.Context, adminID, id int64, reason string) (u *zabano.User, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		u, err = scanUser(tx.queryRow(ctx, `UPDATE users SET suspended_at = ?, suspended_reason = ?, token_version = token_version + 1
			WHERE id = ? AND role <> ? AND suspended_at IS NULL RETURNING `+userColumns, ms(tx.now), reason, id, zabano.RoleAdmin))
		if zabano.ErrorCode(err) == zabano.ENOTFOUND {
			return whyNotChanged(ctx, tx, id, zabano.MsgAlreadySuspended)
		} else if err != nil {
			return err
		}
		if u.Role == zabano.RoleTeacher {
			if err := relist(ctx, tx, id); err != nil {
				return err
			}
			if err := cancelComing(ctx, tx, id); err != nil {
				return err
			}
		}
		return logAction(ctx, tx, adminID, zabano.ActionSuspend, zabano.ObjectUser, id, reason)
	})
	return u, err
}

// cancelComing cancels teacher id's classes that have not started, each
// with a full refund (cancelByTeacher).
func cancelComing(ctx context.Context, tx *Tx, teacherID int64) error {
	q := `SELECT id FROM bookings WHERE teacher_id = ? AND status IN (?, ?) AND start_at > ? ORDER BY id`
	if tx.pg {
		q += ` FOR UPDATE`
	}
	var ids []int64
	err := scanAll(ctx, tx, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		ids = append(ids, id)
		return err
	}, q, teacherID, zabano.StatusBooked, zabano.StatusCancelPending, ms(tx.now))
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := cancelByTeacher(ctx, tx, teacherID, id); err != nil {
			return err
		}
	}
	return nil
}

// UnsuspendUser implements zabano.PeopleStore.
func (db *DB) UnsuspendUser(ctx context.Context, adminID, id int64) (u *zabano.User, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		u, err = scanUser(tx.queryRow(ctx, `UPDATE users SET suspended_at = NULL, suspended_reason = ''
			WHERE id = ? AND role <> ? AND suspended_at IS NOT NULL RETURNING `+userColumns, id, zabano.RoleAdmin))
		if zabano.ErrorCode(err) == zabano.ENOTFOUND {
			return whyNotChanged(ctx, tx, id, zabano.MsgNotSuspended)
		} else if err != nil {
			return err
		}
		if u.Role == zabano.RoleTeacher {
			if err := relist(ctx, tx, id); err != nil {
				return err
			}
		}
		return logAction(ctx, tx, adminID, zabano.ActionUnsuspend, zabano.ObjectUser, id, "")
	})
	return u, err
}

// pendingTeachers is the condition of the review queue: teachers waiting
// for review who offer a priced level, neither suspended nor deleted.
const pendingTeachers = `tp.review_status = 'pending' AND tp.bookable = TRUE AND u.suspended_at IS NULL AND u.deleted_at IS NULL`

// PendingTeachers implements zabano.TeacherReviewStore.
func (db *DB) PendingTeachers(ctx context.Context, limit int) (list []*zabano.TeacherProfile, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		list = nil
		err := scanAll(ctx, tx, func(rows *sql.Rows) error {
			p, err := scanTeacher(rows)
			list = append(list, p)
			return err
		}, `SELECT `+teacherColumns+` FROM teacher_profiles tp JOIN users u ON u.id = tp.user_id
			WHERE `+pendingTeachers+` ORDER BY tp.review_requested_at, tp.user_id`+limitOffset(limit, 0))
		if err != nil {
			return err
		}
		return fillProfiles(ctx, tx, list...)
	})
	return list, err
}

func findTeacherReview(ctx context.Context, tx *Tx, id int64) (*zabano.TeacherReview, error) {
	var r zabano.TeacherReview
	var requested int64
	err := tx.queryRow(ctx, `SELECT review_status, review_reason, review_requested_at FROM teacher_profiles WHERE user_id = ?`, id).
		Scan(&r.Status, &r.Reason, &requested)
	if err != nil {
		return nil, notFound(err, zabano.MsgTeacherNotFound)
	}
	r.RequestedAt = fromMS(requested)
	return &r, nil
}

// review moves teacher id's review from status from to to, with reason,
// setting extra columns too, and relists them. Of two moves at once, one
// changes the row and the other finds it moved on: a conflict naming its
// status, which m says.
func review(ctx context.Context, tx *Tx, id int64, from, to zabano.ReviewStatus, reason string, m zabano.Msg, extra string, extraArgs ...any) (*zabano.TeacherReview, error) {
	args := append([]any{to, reason}, extraArgs...)
	res, err := tx.exec(ctx, `UPDATE teacher_profiles SET review_status = ?, review_reason = ?`+extra+`
		WHERE user_id = ? AND review_status = ?`, append(args, id, from)...)
	if err != nil {
		return nil, err
	}
	r, err := findTeacherReview(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if n == 0 {
		return nil, zabano.Errorf(zabano.ECONFLICT, m, r.Status.Name())
	}
	return r, relist(ctx, tx, id)
}

// ApproveTeacher implements zabano.TeacherReviewStore.
func (db *DB) ApproveTeacher(ctx context.Context, adminID, id int64) (r *zabano.TeacherReview, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		r, err = review(ctx, tx, id, zabano.ReviewPending, zabano.ReviewApproved, "", zabano.MsgReviewNotPending, "")
		if err != nil {
			return err
		}
		if err := notifyUser(ctx, tx, id, zabano.KindProfileApproved, zabano.ObjectProfile, id, zabano.NotificationData{}); err != nil {
			return err
		}
		return logAction(ctx, tx, adminID, zabano.ActionApproveTeacher, zabano.ObjectUser, id, "")
	})
	return r, err
}

// RejectTeacher implements zabano.TeacherReviewStore.
func (db *DB) RejectTeacher(ctx context.Context, adminID, id int64, reason string) (r *zabano.TeacherReview, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		r, err = review(ctx, tx, id, zabano.ReviewPending, zabano.ReviewRejected, reason, zabano.MsgReviewNotPending, "")
		if err != nil {
			return err
		}
		if err := notifyUser(ctx, tx, id, zabano.KindProfileRejected, zabano.ObjectProfile, id, zabano.NotificationData{Note: reason}); err != nil {
			return err
		}
		return logAction(ctx, tx, adminID, zabano.ActionRejectTeacher, zabano.ObjectUser, id, reason)
	})
	return r, err
}

// AskReview implements zabano.TeacherReviewStore. The rejection's reason
// goes with it; the operator log keeps it.
func (db *DB) AskReview(ctx context.Context, id int64) (r *zabano.TeacherReview, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		r, err = review(ctx, tx, id, zabano.ReviewRejected, zabano.ReviewPending, "", zabano.MsgAskReviewAgain,
			`, review_requested_at = ?`, ms(tx.now))
		return err
	})
	return r, err
}

// AdminReviews implements zabano.PeopleStore.
func (db *DB) AdminReviews(ctx context.Context, teacherID, before int64, limit int) (list []*zabano.Review, err error) {
	where, args := []string{"TRUE"}, []any{}
	if teacherID != 0 {
		where, args = append(where, "r.teacher_id = ?"), append(args, teacherID)
	}
	if before != 0 {
		where, args = append(where, "r.id < ?"), append(args, before)
	}
	err = db.read(ctx, func(tx *Tx) error {
		list, err = findReviews(ctx, tx, strings.Join(where, " AND ")+` ORDER BY r.id DESC`+limitOffset(limit, 0), args...)
		if err != nil {
			return err
		}
		return fillReviewers(ctx, tx, list)
	})
	return list, err
}

// fillReviewers sets the student and the teacher of reviews, whole accounts.
func fillReviewers(ctx context.Context, tx *Tx, list []*zabano.Review) error {
	var ids []int64
	for _, r := range list {
		ids = append(ids, r.StudentID, r.TeacherID)
	}
	users, err := usersByID(ctx, tx, ids)
	if err != nil {
		return err
	}
	for _, r := range list {
		r.Student, r.Teacher = *users[r.StudentID], *users[r.TeacherID]
	}
	return nil
}

// HideReview implements zabano.PeopleStore. The teacher's count and sum are
// recomputed from the visible reviews, after their profile's row is locked:
// on PostgreSQL a review added at the same moment then either committed
// before, and is counted, or adds itself to the recomputed figures after.
func (db *DB) HideReview(ctx context.Context, adminID, id int64, reason string) (r *zabano.Review, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		var teacherID int64
		err := tx.queryRow(ctx, `UPDATE reviews SET hidden = TRUE, hidden_reason = ? WHERE id = ? AND hidden = FALSE RETURNING teacher_id`,
			reason, id).Scan(&teacherID)
		if errors.Is(err, sql.ErrNoRows) {
			if _, err := findReview(ctx, tx, id); err != nil {
				return err
			}
			return zabano.Errorf(zabano.ECONFLICT, zabano.MsgReviewHidden)
		} else if err != nil {
			return err
		}
		if tx.pg {
			if _, err := tx.exec(ctx, `SELECT user_id FROM teacher_profiles WHERE user_id = ? FOR UPDATE`, teacherID); err != nil {
				return err
			}
		}
		if _, err := tx.exec(ctx, `UPDATE teacher_profiles SET
				review_count = (SELECT COUNT(*) FROM reviews WHERE teacher_id = ? AND hidden = FALSE),
				rating_sum = (SELECT COALESCE(SUM(rating), 0) FROM reviews WHERE teacher_id = ? AND hidden = FALSE)
			WHERE user_id = ?`, teacherID, teacherID, teacherID); err != nil {
			return err
		}
		if err := logAction(ctx, tx, adminID, zabano.ActionHideReview, zabano.ObjectReview, id, reason); err != nil {
			return err
		}
		if r, err = findReview(ctx, tx, id); err != nil {
			return err
		}
		return fillReviewers(ctx, tx, []*zabano.Review{r})
	})
	return r, err
}

// Overview implements zabano.PeopleStore. It reads whole tables (users,
// bookings, ledger, withdrawals) by time, as operators' occasional looks can.
func (db *DB) Overview(ctx context.Context, day, month time.Time) (o *zabano.Overview, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		o = &zabano.Overview{}
		for _, p := range []struct {
			period *zabano.Period
			since  time.Time
		}{{&o.Today, day}, {&o.Month, month}} {
			since := ms(p.since)
			err := tx.queryRow(ctx, `SELECT
					(SELECT COUNT(*) FROM users WHERE role = ? AND created_at >= ?),
					(SELECT COUNT(*) FROM users WHERE role = ? AND created_at >= ?),
					(SELECT COUNT(*) FROM bookings WHERE created_at >= ?),
					(SELECT COUNT(*) FROM bookings WHERE status = ? AND closed_at >= ?),
					(SELECT CAST(COALESCE(SUM(e.amount), 0) AS BIGINT) FROM ledger_transactions t
						JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
						WHERE t.type = ? AND a.kind = ? AND t.created_at >= ?),
					(SELECT CAST(COALESCE(SUM(w.amount), 0) AS BIGINT) FROM withdrawals w JOIN users u ON u.id = w.user_id
						WHERE u.role = ? AND w.status = ? AND w.settled_at >= ?)`,
				zabano.RoleStudent, since, zabano.RoleTeacher, since, since, zabano.StatusDone, since,
				zabano.TxTopUp, zabano.AccountWallet, since, zabano.RoleTeacher, zabano.WithdrawalPaid, since).
				Scan(&p.period.NewStudents, &p.period.NewTeachers, &p.period.ClassesBooked, &p.period.ClassesDone,
					&p.period.ToppedUp, &p.period.PaidToTeachers)
			if err != nil {
				return err
			}
		}
		return tx.queryRow(ctx, `SELECT
				(SELECT COUNT(*) FROM withdrawals WHERE status = ?),
				(SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM withdrawals WHERE status = ?),
				(SELECT COUNT(*) FROM problem_reports WHERE status = ?),
				(SELECT COUNT(*) FROM teacher_profiles tp JOIN users u ON u.id = tp.user_id WHERE `+pendingTeachers+`)`,
			zabano.WithdrawalPending, zabano.WithdrawalPending, zabano.ProblemDisputed).
			Scan(&o.WaitingWithdrawals, &o.WaitingAmount, &o.OpenDisputes, &o.PendingTeachers)
	})
	return o, err
}
