package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/zabano/zabano"
)

// The outbox (issue 17). A change someone must hear about calls notify in
// its own transaction, so the notification commits or rolls back with it;
// the delivery worker (package notify) sends it later, by every channel.

// notify writes n, due at n.DueAt (now when zero), and its deliveries, one
// per channel, in the caller's transaction.
func notify(ctx context.Context, tx *Tx, n *zabano.Notification) error {
	return notifyAll(ctx, tx, []*zabano.Notification{n})
}

// notifyAll writes the notifications ns and their deliveries in tx, a
// statement for each whatever their number (a booking writes seven). The
// deliveries are made from what the first returns, each new id with its due
// time, as a many-row INSERT's RETURNING promises no order (SQLite): the
// ids are not written back into ns, which nothing reads them from.
func notifyAll(ctx context.Context, tx *Tx, ns []*zabano.Notification) error {
	if len(ns) == 0 {
		return nil
	}
	args := make([]any, 0, 8*len(ns))
	for _, n := range ns {
		n.CreatedAt = tx.now
		if n.DueAt.IsZero() {
			n.DueAt = tx.now
		}
		data, err := json.Marshal(n.Data)
		if err != nil {
			return err
		}
		var about any
		if n.AboutID != 0 {
			about = n.AboutID
		}
		args = append(args, n.UserID, n.Kind, n.ObjectType, n.ObjectID, about, string(data), ms(n.CreatedAt), ms(n.DueAt))
	}
	channels := []zabano.Channel{zabano.ChannelApp, zabano.ChannelSMS, zabano.ChannelEmail}
	deliveries := make([]any, 0, 3*len(channels)*len(ns))
	err := scanAll(ctx, tx, func(rows *sql.Rows) error {
		var id, due int64
		if err := rows.Scan(&id, &due); err != nil {
			return err
		}
		for _, c := range channels {
			deliveries = append(deliveries, id, c, due)
		}
		return nil
	}, `INSERT INTO notifications (user_id, kind, object_type, object_id, about_id, data, created_at, due_at)
		VALUES `+valueRows(len(ns), 8)+` RETURNING id, due_at`, args...)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `INSERT INTO deliveries (notification_id, channel, due_at) VALUES `+valueRows(len(deliveries)/3, 3), deliveries...)
	return err
}

// shownName is how u is named in the texts of other people's notifications:
// "" once they deleted their account, which the text shows as a deleted user.
func shown(u zabano.User) string {
	if u.Deleted() {
		return ""
	}
	return u.DisplayName()
}

// classNotice is a notification of kind to user to, a side of class b, that
// names the other side and the class's start.
func classNotice(kind zabano.NotificationKind, b *zabano.Booking, to int64) *zabano.Notification {
	other := b.Student
	if to == b.StudentID {
		other = b.Teacher
	}
	return &zabano.Notification{UserID: to, Kind: kind, ObjectType: zabano.ObjectBooking, ObjectID: b.ID, AboutID: other.ID,
		Data: zabano.NotificationData{Name: shown(other), Start: b.Start}}
}

// notifyClass writes a notification of kind about class b to user to.
func notifyClass(ctx context.Context, tx *Tx, kind zabano.NotificationKind, b *zabano.Booking, to int64) error {
	return notify(ctx, tx, classNotice(kind, b, to))
}

// notifyBooked tells the teacher of new class b. Its reminders are written
// when they come due (WriteReminders), from the time insertBooking notes.
func notifyBooked(ctx context.Context, tx *Tx, b *zabano.Booking) error {
	return notifyClass(ctx, tx, zabano.KindClassBooked, b, b.TeacherID)
}

// remindAt is the stored form of when the first reminder of a class
// starting at start is due after now: NULL when none is.
func remindAt(start, now time.Time) any {
	if due := zabano.NextReminder(start, now); !due.IsZero() {
		return ms(due)
	}
	return nil
}

// WriteReminders implements zabano.DeliveryStore. Each class whose reminder
// came due gets it, to both its sides, and notes when its next is due. A
// class no longer on (cancelled, or done early) gets none. On PostgreSQL the
// classes are locked and skipped by other processes' workers, so each
// reminder is written once.
func (db *DB) WriteReminders(ctx context.Context, limit int) (n int, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		q := `SELECT ` + bookingColumns + bookingJoins + ` WHERE b.remind_at <= ? ORDER BY b.remind_at` + limitOffset(limit, 0)
		if tx.pg {
			q += ` FOR UPDATE OF b SKIP LOCKED`
		}
		var due []*zabano.Booking
		err := scanAll(ctx, tx, func(rows *sql.Rows) error {
			b, err := scanBooking(rows)
			due = append(due, b)
			return err
		}, q, ms(tx.now))
		if err != nil || len(due) == 0 {
			return err
		}
		n = len(due)
		var ns []*zabano.Notification
		// Each class's next time, in one statement: CASE id WHEN ? THEN ?.
		whens, nextArgs, ids := make([]string, n), make([]any, 0, 2*n), make([]any, n)
		for i, b := range due {
			next := any(nil)
			if b.Status == zabano.StatusBooked || b.Status == zabano.StatusCancelPending {
				next = remindAt(b.Start, tx.now)
				if kind, at, ok := zabano.DueReminder(b.Start, tx.now); ok {
					ns = append(ns, reminder(kind, at, b, b.StudentID), reminder(kind, at, b, b.TeacherID))
				}
			}
			whens[i], ids[i] = `WHEN ? THEN CAST(? AS BIGINT)`, b.ID
			nextArgs = append(nextArgs, b.ID, next)
		}
		if _, err := tx.exec(ctx, `UPDATE bookings SET remind_at = CASE id `+strings.Join(whens, " ")+` END
			WHERE id IN (`+placeholders(n)+`)`, append(nextArgs, ids...)...); err != nil {
			return err
		}
		return notifyAll(ctx, tx, ns)
	})
	return n, err
}

// reminder is the reminder of kind, due at due, of class b to its side to.
func reminder(kind zabano.NotificationKind, due time.Time, b *zabano.Booking, to int64) *zabano.Notification {
	n := classNotice(kind, b, to)
	n.DueAt = due
	if kind == zabano.KindClassStarting {
		n.Data.JoinURL = b.MeetingLink
	}
	return n
}

// dropReminders takes back the reminders of class bookingID, cancelled or
// moved (why): the deliveries still pending of those written (held for
// quiet hours, or to be tried again) are skipped. No more are written for a
// cancelled class (WriteReminders), and a moved one's are due at its new
// time.
func dropReminders(ctx context.Context, tx *Tx, bookingID int64, why string) error {
	kinds := make([]any, 0, len(zabano.Reminders))
	for _, r := range zabano.Reminders {
		kinds = append(kinds, r.Kind)
	}
	return skipPending(ctx, tx, bookingID, why, kinds...)
}

// dropScheduled takes back the notifications of kinds about class
// bookingID, written ahead to come due later: those not yet due go, and the
// deliveries still pending of those due are skipped.
func dropScheduled(ctx context.Context, tx *Tx, bookingID int64, why string, kinds ...any) error {
	if _, err := tx.exec(ctx, `DELETE FROM notifications WHERE `+aboutClass(len(kinds))+` AND due_at > ?`,
		append(append([]any{zabano.ObjectBooking, bookingID}, kinds...), ms(tx.now))...); err != nil {
		return err
	}
	return skipPending(ctx, tx, bookingID, why, kinds...)
}

// skipPending skips the pending deliveries of the notifications of kinds
// about class bookingID, for why.
func skipPending(ctx context.Context, tx *Tx, bookingID int64, why string, kinds ...any) error {
	_, err := tx.exec(ctx, `UPDATE deliveries SET status = ?, last_error = ?, claimed_until = NULL
		WHERE status = ? AND notification_id IN (SELECT id FROM notifications WHERE `+aboutClass(len(kinds))+`)`,
		append([]any{zabano.DeliverySkipped, why, zabano.DeliveryPending, zabano.ObjectBooking, bookingID}, kinds...)...)
	return err
}

// aboutClass is the condition of notifications about class ? of one of n
// kinds ?.
func aboutClass(n int) string {
	return `object_type = ? AND object_id = ? AND kind IN (` + placeholders(n) + `)`
}

// Why scheduled notifications are taken back, kept as their deliveries' LastError.
const (
	whyCancelled = "the class was cancelled"
	whyMoved     = "the class moved"
	whyAnswered  = "the proposal was answered or withdrawn"
)

// notifyProposed tells the other side of class b of a proposal by
// proposer to move it to slot, and schedules its expiry's notice to the
// proposer, due when it expires unanswered; an answer or the class's end
// before then takes it back (dropExpiry).
func notifyProposed(ctx context.Context, tx *Tx, b *zabano.Booking, proposer int64, slot zabano.Slot, expires time.Time) error {
	other := b.StudentID
	if proposer == b.StudentID {
		other = b.TeacherID
	}
	n := classNotice(zabano.KindRescheduleProposed, b, other)
	n.Data.NewStart = slot.Start
	expired := classNotice(zabano.KindRescheduleExpired, b, proposer)
	expired.DueAt = expires
	return notifyAll(ctx, tx, []*zabano.Notification{n, expired})
}

// dropExpiry takes back the scheduled expiry notice of class bookingID's
// proposal, answered or withdrawn before it expired.
func dropExpiry(ctx context.Context, tx *Tx, bookingID int64) error {
	return dropScheduled(ctx, tx, bookingID, whyAnswered, zabano.KindRescheduleExpired)
}

// notifyAnswered tells the proposer of r, a proposal to move class b (as
// it was before the answer), of its answer; an accepted move takes back
// the reminders of the class's old time.
func notifyAnswered(ctx context.Context, tx *Tx, b *zabano.Booking, r *zabano.Reschedule) error {
	if err := dropExpiry(ctx, tx, b.ID); err != nil {
		return err
	}
	proposer, kind := b.StudentID, zabano.KindRescheduleDeclined
	if r.ProposedBy == zabano.RoleTeacher {
		proposer = b.TeacherID
	}
	if r.Status == zabano.RescheduleAccepted {
		kind = zabano.KindRescheduleAccepted
	}
	n := classNotice(kind, b, proposer)
	n.Data.NewStart = r.Slot.Start
	if err := notify(ctx, tx, n); err != nil || kind != zabano.KindRescheduleAccepted {
		return err
	}
	return dropReminders(ctx, tx, b.ID, whyMoved)
}

// notifyPaid tells the student of class b, just settled, that it is done,
// and its teacher what they were paid for it.
func notifyPaid(ctx context.Context, tx *Tx, b *zabano.Booking) error {
	done := classNotice(zabano.KindClassDone, b, b.StudentID)
	paid := classNotice(zabano.KindTeacherPaid, b, b.TeacherID)
	paid.Data.Amount, _ = zabano.SplitClassPayment(b.Price, b.CommissionPercent)
	return notifyAll(ctx, tx, []*zabano.Notification{done, paid})
}

// notifyResolved tells each of to, sides of class b, that its problem
// report was settled with refund going back to the student and the
// operator's note (none when the other side accepted the report).
func notifyResolved(ctx context.Context, tx *Tx, b *zabano.Booking, refund int64, note string, to ...int64) error {
	var ns []*zabano.Notification
	for _, u := range to {
		n := classNotice(zabano.KindProblemResolved, b, u)
		n.Data.Amount, n.Data.Note = refund, note
		ns = append(ns, n)
	}
	return notifyAll(ctx, tx, ns)
}

// notifyUser writes a notification of kind to user about object, with data.
func notifyUser(ctx context.Context, tx *Tx, user int64, kind zabano.NotificationKind, object zabano.ObjectType, id int64, data zabano.NotificationData) error {
	return notify(ctx, tx, &zabano.Notification{UserID: user, Kind: kind, ObjectType: object, ObjectID: id, Data: data})
}

// notifyUnread schedules the notice of a new message of from in chat c to
// its other side, due zabano.UnreadAfter later; the worker sends it only if
// they have not read it nor had the app open by then. No other is written
// while one of the chat's is on its way, nor for zabano.UnreadEvery after
// one went out.
func notifyUnread(ctx context.Context, tx *Tx, c *zabano.Chat, from int64) error {
	to := c.Other(from)
	var pending bool
	// The deliveries are looked up by notification, never the notification
	// by every pending delivery (as SQLite's planner would join them). The
	// fixed values are written out: bound, SQLite planned the statement
	// again at every message once it had statistics.
	err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM notifications n
		WHERE n.user_id = ? AND n.kind = 'message_unread' AND n.object_type = 'chat' AND n.object_id = ? AND n.created_at > ?
			AND EXISTS (SELECT 1 FROM deliveries d WHERE d.notification_id = n.id AND d.channel <> 'app' AND d.status IN ('pending', 'sent')))`,
		to.ID, c.ID, ms(tx.now.Add(-zabano.UnreadEvery))).Scan(&pending)
	if err != nil || pending {
		return err
	}
	sender := c.Student
	if from == c.TeacherID {
		sender = c.Teacher
	}
	return notify(ctx, tx, &zabano.Notification{UserID: to.ID, Kind: zabano.KindMessageUnread, ObjectType: zabano.ObjectChat,
		ObjectID: c.ID, AboutID: from, DueAt: tx.now.Add(zabano.UnreadAfter), Data: zabano.NotificationData{Name: shown(sender)}})
}

// notificationColumns are a notification's columns, of alias n with its
// named user a, as scanNotification reads them.
const notificationColumns = `n.id, n.user_id, n.kind, n.object_type, n.object_id, COALESCE(n.about_id, 0), n.data,
	n.created_at, n.due_at, COALESCE(n.read_at, 0), a.deleted_at`

const notificationJoins = ` FROM notifications n LEFT JOIN users a ON a.id = n.about_id`

// notificationScan is where notificationColumns are scanned to, for n.
type notificationScan struct {
	n                  *zabano.Notification
	data               string
	created, due, read int64
	aboutDeleted       sql.NullInt64
}

func (s *notificationScan) dest() []any {
	n := s.n
	return []any{&n.ID, &n.UserID, &n.Kind, &n.ObjectType, &n.ObjectID, &n.AboutID, &s.data, &s.created, &s.due, &s.read, &s.aboutDeleted}
}

// finish fills n from what was scanned.
func (s *notificationScan) finish() error {
	n := s.n
	if err := json.Unmarshal([]byte(s.data), &n.Data); err != nil {
		return err
	}
	n.CreatedAt, n.DueAt = fromMS(s.created), fromMS(s.due)
	if s.read != 0 {
		n.ReadAt = fromMS(s.read)
	}
	if s.aboutDeleted.Valid {
		n.Data.Name = ""
	}
	return nil
}

func scanNotification(row interface{ Scan(...any) error }, n *zabano.Notification) error {
	s := notificationScan{n: n}
	if err := row.Scan(s.dest()...); err != nil {
		return err
	}
	return s.finish()
}

// listed is the condition of notifications of user ? that the list shows
// at the instant ?: due, and of a kind the app shows.
func listed(alias string) string {
	var hidden []string
	for _, k := range zabano.NotificationKinds {
		if !k.InApp() {
			hidden = append(hidden, `'`+string(k)+`'`)
		}
	}
	return alias + `.user_id = ? AND ` + alias + `.due_at <= ? AND ` + alias + `.kind NOT IN (` + strings.Join(hidden, ", ") + `)`
}

// unreadCount is how many of userID's listed notifications are unread.
func unreadCount(ctx context.Context, tx *Tx, userID int64) (n int, err error) {
	err = tx.queryRow(ctx, `SELECT count(*) FROM notifications n WHERE `+listed("n")+` AND n.read_at IS NULL`,
		userID, ms(tx.now)).Scan(&n)
	return n, err
}

// Notifications implements zabano.NotificationStore.
func (db *DB) Notifications(ctx context.Context, userID int64, limit, offset int) (list []zabano.Notification, unread int, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		list = []zabano.Notification{}
		err := scanAll(ctx, tx, func(rows *sql.Rows) error {
			var n zabano.Notification
			err := scanNotification(rows, &n)
			list = append(list, n)
			return err
		}, `SELECT `+notificationColumns+notificationJoins+` WHERE `+listed("n")+` ORDER BY n.due_at DESC, n.id DESC`+limitOffset(limit, offset),
			userID, ms(tx.now))
		if err != nil {
			return err
		}
		unread, err = unreadCount(ctx, tx, userID)
		return err
	})
	return list, unread, err
}

var msgNotificationNotFound = zabano.Msg{En: "Notification not found.", Fa: "اعلان یافت نشد."}

// MarkNotificationRead implements zabano.NotificationStore. Another user's
// notification, or one not shown yet, is not found; one read already stays
// read since then.
func (db *DB) MarkNotificationRead(ctx context.Context, userID, id int64) error {
	return db.write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE notifications SET read_at = COALESCE(read_at, ?) WHERE id = ? AND `+listed("notifications"),
			ms(tx.now), id, userID, ms(tx.now))
		if err != nil {
			return err
		}
		return oneRow(res, msgNotificationNotFound)
	})
}

// MarkAllNotificationsRead implements zabano.NotificationStore.
func (db *DB) MarkAllNotificationsRead(ctx context.Context, userID int64) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `UPDATE notifications SET read_at = ? WHERE `+listed("notifications")+` AND read_at IS NULL`,
			ms(tx.now), userID, ms(tx.now))
		return err
	})
}

// prefsColumns are a user's preferences of alias p, NULL for a user without
// a row of them, as scanPrefs reads them.
const prefsColumns = `p.off, p.quiet_start, p.quiet_end, p.time_zone, p.language`

// prefsOf is where prefsColumns are scanned to.
type prefsOf struct {
	off                  sql.NullString
	quietStart, quietEnd sql.NullInt64
	zone, language       sql.NullString
}

func (s *prefsOf) dest() []any {
	return []any{&s.off, &s.quietStart, &s.quietEnd, &s.zone, &s.language}
}

// prefs are the preferences scanned: the defaults when there were none.
func (s *prefsOf) prefs() (zabano.NotificationPrefs, error) {
	if !s.off.Valid {
		return zabano.DefaultNotificationPrefs(), nil
	}
	p := zabano.NotificationPrefs{QuietStart: int(s.quietStart.Int64), QuietEnd: int(s.quietEnd.Int64),
		TimeZone: s.zone.String, Language: s.language.String}
	return p, json.Unmarshal([]byte(s.off.String), &p.Off)
}

// NotificationPrefs implements zabano.NotificationStore.
func (db *DB) NotificationPrefs(ctx context.Context, userID int64) (p *zabano.NotificationPrefs, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		var s prefsOf
		err := tx.queryRow(ctx, `SELECT `+prefsColumns+` FROM notification_prefs p WHERE p.user_id = ?`, userID).Scan(s.dest()...)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		prefs, err := s.prefs()
		p = &prefs
		return err
	})
	return p, err
}

// UpdateNotificationPrefs implements zabano.NotificationStore. The row is
// made first (the defaults, for a user who never saved any) so that there is
// one to lock on PostgreSQL; SQLite's writer holds the database anyway.
func (db *DB) UpdateNotificationPrefs(ctx context.Context, userID int64, change func(*zabano.NotificationPrefs) error) (p *zabano.NotificationPrefs, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		defaults := zabano.DefaultNotificationPrefs()
		if err := savePrefs(ctx, tx, userID, &defaults, "NOTHING"); err != nil {
			return err
		}
		var s prefsOf
		err := tx.queryRow(ctx, `SELECT `+prefsColumns+` FROM notification_prefs p WHERE p.user_id = ?`+forUpdate(tx), userID).Scan(s.dest()...)
		if err != nil {
			return err
		}
		prefs, err := s.prefs()
		if err != nil {
			return err
		}
		if err := change(&prefs); err != nil {
			return err
		}
		p = &prefs
		return savePrefs(ctx, tx, userID, p, `UPDATE SET off = excluded.off, quiet_start = excluded.quiet_start,
			quiet_end = excluded.quiet_end, time_zone = excluded.time_zone, language = excluded.language`)
	})
	return p, err
}

// savePrefs writes p as userID's preferences, doing onConflict when they
// have some already.
func savePrefs(ctx context.Context, tx *Tx, userID int64, p *zabano.NotificationPrefs, onConflict string) error {
	off, err := json.Marshal(p.Off)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `INSERT INTO notification_prefs (user_id, off, quiet_start, quiet_end, time_zone, language)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO `+onConflict,
		userID, string(off), p.QuietStart, p.QuietEnd, p.TimeZone, p.Language)
	return err
}

// PruneNotifications deletes the notifications due more than
// zabano.NotificationTTL ago; their deliveries go with them.
func (db *DB) PruneNotifications(ctx context.Context) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `DELETE FROM notifications WHERE due_at < ?`, ms(tx.now.Add(-zabano.NotificationTTL)))
		return err
	})
}

// SeenStream implements zabano.NotificationStore.
func (db *DB) SeenStream(ctx context.Context, userID int64) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `UPDATE users SET stream_seen_at = ? WHERE id = ?`, ms(tx.now), userID)
		return err
	})
}

// deliverySelect reads deliveries with their notifications, the recipients'
// preferences and when they were last seen, and for a chat's notice how
// many of its messages the recipient has not read.
const deliverySelect = `SELECT d.id, d.channel, d.status, d.due_at, d.attempts, d.last_error, COALESCE(d.claimed_until, 0),
	` + notificationColumns + `, ` + prefsColumns + `, COALESCE(u.stream_seen_at, 0),
	CASE WHEN n.object_type = 'chat' THEN (SELECT count(*) FROM chats c JOIN messages m ON m.chat_id = c.id
		WHERE c.id = n.object_id AND m.sender_id <> n.user_id
		AND m.id > CASE WHEN c.student_id = n.user_id THEN c.student_read_id ELSE c.teacher_read_id END) ELSE 0 END
	FROM deliveries d JOIN notifications n ON n.id = d.notification_id JOIN users u ON u.id = n.user_id
	LEFT JOIN users a ON a.id = n.about_id LEFT JOIN notification_prefs p ON p.user_id = n.user_id`

// findDeliveries reads the deliveries of deliverySelect that tail (a WHERE
// and its ORDER) picks, with their recipients.
func findDeliveries(ctx context.Context, tx *Tx, tail string, args ...any) ([]*zabano.Delivery, error) {
	var list []*zabano.Delivery
	var recipients []int64
	err := scanAll(ctx, tx, func(rows *sql.Rows) error {
		d := &zabano.Delivery{}
		var due, claimed, seen int64
		var prefs prefsOf
		n := notificationScan{n: &d.Notification}
		dest := append([]any{&d.ID, &d.Channel, &d.Status, &due, &d.Attempts, &d.LastError, &claimed}, n.dest()...)
		if err := rows.Scan(append(append(dest, prefs.dest()...), &seen, &d.ChatUnread)...); err != nil {
			return err
		}
		if err := n.finish(); err != nil {
			return err
		}
		d.DueAt, d.SeenAt = fromMS(due), fromMS(seen)
		if claimed != 0 {
			d.ClaimedUntil = fromMS(claimed)
		}
		var err error
		if d.Prefs, err = prefs.prefs(); err != nil {
			return err
		}
		list = append(list, d)
		recipients = append(recipients, d.Notification.UserID)
		return nil
	}, deliverySelect+` WHERE `+tail, args...)
	if err != nil {
		return nil, err
	}
	users, err := usersByID(ctx, tx, recipients)
	if err != nil {
		return nil, err
	}
	for _, d := range list {
		d.To = *users[d.Notification.UserID]
	}
	return list, nil
}

// ClaimDeliveries implements zabano.DeliveryStore. On PostgreSQL the rows
// are locked as they are picked, skipping those another worker is picking
// at the same moment; SQLite's one writer picks for one worker at a time.
// The claim, until now+lease, keeps the others away once committed.
func (db *DB) ClaimDeliveries(ctx context.Context, limit int, lease time.Duration) (list []*zabano.Delivery, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		q := `SELECT id FROM deliveries WHERE status = ? AND due_at <= ? AND COALESCE(claimed_until, 0) <= ? ORDER BY due_at` + limitOffset(limit, 0)
		if tx.pg {
			q += ` FOR UPDATE SKIP LOCKED`
		}
		var ids []any
		err := scanAll(ctx, tx, func(rows *sql.Rows) error {
			var id int64
			err := rows.Scan(&id)
			ids = append(ids, id)
			return err
		}, q, zabano.DeliveryPending, ms(tx.now), ms(tx.now))
		if err != nil || len(ids) == 0 {
			return err
		}
		until := tx.now.Add(lease)
		in := `IN (` + placeholders(len(ids)) + `)`
		if _, err := tx.exec(ctx, `UPDATE deliveries SET claimed_until = ? WHERE id `+in, append([]any{ms(until)}, ids...)...); err != nil {
			return err
		}
		list, err = findDeliveries(ctx, tx, `d.id `+in+` ORDER BY d.due_at, d.id`, ids...)
		return err
	})
	return list, err
}

// FinishDeliveries implements zabano.DeliveryStore, in one transaction:
// the claim's end is the worker's token.
func (db *DB) FinishDeliveries(ctx context.Context, list []zabano.FinishedDelivery) error {
	return db.write(ctx, func(tx *Tx) error {
		for _, f := range list {
			d, o := f.Delivery, f.Outcome
			var sent any
			if o.Status == zabano.DeliverySent {
				sent = ms(tx.now)
			}
			_, err := tx.exec(ctx, `UPDATE deliveries SET status = ?, due_at = ?, attempts = ?, last_error = ?, claimed_until = NULL, sent_at = ?
				WHERE id = ? AND status = ? AND claimed_until = ?`,
				o.Status, ms(o.DueAt), o.Attempts, o.Error, sent, d.ID, zabano.DeliveryPending, ms(d.ClaimedUntil))
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// FailedDeliveries implements zabano.DeliveryStore.
func (db *DB) FailedDeliveries(ctx context.Context, before int64, limit int) (list []*zabano.Delivery, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		where, args := `d.status = ?`, []any{zabano.DeliveryFailed}
		if before != 0 {
			where, args = where+` AND d.id < ?`, append(args, before)
		}
		list, err = findDeliveries(ctx, tx, where+` ORDER BY d.id DESC`+limitOffset(limit, 0), args...)
		return err
	})
	return list, err
}

// AddNotificationEvent implements zabano.DeliveryStore.
func (db *DB) AddNotificationEvent(ctx context.Context, userID, id int64) error {
	return db.write(ctx, func(tx *Tx) error {
		var sent bool
		if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM events WHERE user_id = ? AND notification_id = ?)`,
			userID, id).Scan(&sent); err != nil || sent {
			return err
		}
		return addEvents(ctx, tx, zabano.Event{UserID: userID, Type: "notification", Notification: &zabano.Notification{ID: id}})
	})
}
