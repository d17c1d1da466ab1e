package sqlstore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/zabano/zabano"
)

// watched are the tables that what students see of teachers is read from:
// a write to one is a zabano.TeacherChange, for the caches of those reads.
// Watching the statements themselves, not the methods that run them, keeps
// a new write from being forgotten.
var watched = map[string]bool{
	"slots": true, "teacher_profiles": true, "teacher_levels": true, "teacher_documents": true,
	"reviews": true, "users": true,
}

// notAccount are the writes to users of columns zabano.User does not hold:
// they change no signed-in user (zabano.SignedIn).
var notAccount = []string{"UPDATE users SET stream_seen_at", "UPDATE users SET level"}

// unwatched are frequent writes to watched tables of columns no public read
// shows: the event stream's heartbeat above all, which would otherwise
// empty the caches every few seconds.
var unwatched = append([]string{"UPDATE users SET password_hash", "UPDATE users SET email"}, notAccount...)

// writtenTable is the table the statement q writes, or "" for a read.
func writtenTable(q string) string {
	for _, verb := range []string{"INSERT INTO ", "UPDATE ", "DELETE FROM "} {
		if rest, ok := strings.CutPrefix(q, verb); ok {
			name, _, _ := strings.Cut(strings.Fields(rest)[0], "(")
			return name
		}
	}
	return ""
}

// watch notes what the statement q changes of what students see, and of
// users (their accounts and saved teachers).
func (tx *Tx) watch(q string) {
	q = strings.TrimSpace(q)
	table := writtenTable(q)
	switch {
	case table == "users" && !slices.ContainsFunc(notAccount, func(p string) bool { return strings.HasPrefix(q, p) }):
		tx.changedAnyone = true
	case table == "saved_teachers":
		tx.savedWrites = true
	}
	switch {
	case !watched[table] || slices.ContainsFunc(unwatched, func(p string) bool { return strings.HasPrefix(q, p) }):
	case table == "slots" || strings.HasPrefix(q, "UPDATE teacher_profiles SET sessions"):
		tx.teacherWrites = true
	default:
		tx.changedAll = true
	}
}

// changesTeachers names the teachers whose slots or count of classes the
// transaction writes: what their cards show, not which teachers a list
// shows or in what order (but for lists filtered by free time). Without
// it, such a write is a change of anything; with it, of those teachers
// alone, so a booking drops only the answers that show its teacher. A
// transaction that names any must name every teacher whose slots or count
// it writes.
func (tx *Tx) changesTeachers(teacherIDs ...int64) {
	tx.changedTeachers = append(tx.changedTeachers, teacherIDs...)
}

// changesUsers names the users whose saved teachers the transaction writes
// (zabano.SignedIn keeps them). Without it such a write is a change of
// anyone; with it, of those users alone. A transaction that names any must
// name every user whose saved teachers it writes.
func (tx *Tx) changesUsers(userIDs ...int64) {
	tx.changedUsers = append(tx.changedUsers, userIDs...)
}

// userChange is what the transaction changed of users, if anything.
func (tx *Tx) userChange() (zabano.UserChange, bool) {
	switch {
	case tx.changedAnyone || tx.savedWrites && len(tx.changedUsers) == 0:
		return zabano.UserChange{All: true}, true
	case tx.savedWrites:
		return zabano.UserChange{Users: tx.changedUsers}, true
	}
	return zabano.UserChange{}, false
}

// change is what the transaction changed of what students see, if anything.
func (tx *Tx) change() (zabano.TeacherChange, bool) {
	switch {
	case tx.changedAll || tx.teacherWrites && len(tx.changedTeachers) == 0:
		return zabano.TeacherChange{All: true}, true
	case tx.teacherWrites:
		slices.Sort(tx.changedTeachers)
		return zabano.TeacherChange{Teachers: slices.Compact(tx.changedTeachers)}, true
	}
	return zabano.TeacherChange{}, false
}

// announce tells every process of the transaction's change, when changed,
// and of its events, in one statement before it commits: PostgreSQL
// delivers notifications at the commit, and only if it commits. Channels
// are the schema's (realtime.Postgres listens to its own): processes of
// other schemas of the database, tests above all, have other users.
func (tx *Tx) announce(ctx context.Context) error {
	if !tx.pg {
		return nil
	}
	var calls []string
	var args []any
	notify := func(channel, payload string) {
		n := len(args)
		calls = append(calls, fmt.Sprintf("pg_notify($%d || ':' || current_schema(), $%d)", n+1, n+2))
		args = append(args, channel, payload)
	}
	if c, changed := tx.change(); changed {
		notify(zabano.TeacherChangeChannel, c.String())
	}
	if c, ok := tx.userChange(); ok {
		notify(zabano.UsersChangeChannel, c.String())
	}
	if len(tx.events) > 0 {
		notify(zabano.EventChannel, zabano.EventsPayload(tx.events))
	}
	if len(calls) == 0 {
		return nil
	}
	_, err := tx.tx.ExecContext(ctx, "SELECT "+strings.Join(calls, ", "), args...)
	return err
}
