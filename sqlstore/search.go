package sqlstore

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/zabano/zabano"
)

// The teacher search (issue 15). A profile's search texts are written with
// zabano.NormalizeSearch, and so is each query; each word of the query must
// be in the text. SQLite finds the words through FTS5 trigram indexes of
// the search text and of the name (teacher_search and teacher_names,
// migration 00026), PostgreSQL through pg_trgm GIN indexes of the same,
// which serve LIKE. The order by relevance puts the matches of the name
// first, then the others, newest first in each (relevancePage): the same
// order on both databases, and a page that stops at its last teacher. A
// trigram index cannot find a word of fewer than three characters: such a
// word is matched by LIKE on the stored text instead, which reads the
// profiles the other words leave.

// trigram is the fewest characters of a word the trigram index finds.
const trigram = 3

// searchText is what the teacher search matches: names, username and bio.
func searchText(u *zabano.User) string {
	return zabano.NormalizeSearch(strings.Join([]string{u.FirstName, u.LastName, u.Username, u.Bio}, " "))
}

// searchName is the part of searchText a relevance order ranks first.
func searchName(u *zabano.User) string {
	return zabano.NormalizeSearch(strings.Join([]string{u.FirstName, u.LastName, u.Username}, " "))
}

// rewriteSearch writes the search texts of the profiles whose search_name
// is NULL, which a migration leaves for NormalizeSearch (SQL cannot run
// it); a deleted account's stay empty, as eraseAccount made them. It runs
// at every Open, after the migrations; with nothing left, it reads nothing
// but the NULLs of one index-less column. Two processes starting at once
// write the same texts.
func (db *DB) rewriteSearch(ctx context.Context) error {
	return db.write(ctx, func(tx *Tx) error {
		type profile struct {
			u       zabano.User
			deleted bool
		}
		var stale []profile
		err := scanAll(ctx, tx, func(rows *sql.Rows) error {
			var p profile
			u := &p.u
			err := rows.Scan(&u.ID, &u.FirstName, &u.LastName, &u.Username, &u.Bio, &p.deleted)
			stale = append(stale, p)
			return err
		}, `SELECT u.id, u.first_name, u.last_name, u.username, u.bio, u.deleted_at IS NOT NULL
			FROM teacher_profiles tp JOIN users u ON u.id = tp.user_id WHERE tp.search_name IS NULL`)
		if err != nil {
			return err
		}
		for _, p := range stale {
			text, name := searchText(&p.u), searchName(&p.u)
			if p.deleted {
				text, name = "", ""
			}
			if _, err := tx.exec(ctx, `UPDATE teacher_profiles SET search = ?, search_name = ? WHERE user_id = ?`, text, name, p.u.ID); err != nil {
				return err
			}
		}
		return nil
	})
}

// queryWords are the words of a query as the search compares them.
func queryWords(q string) []string {
	return strings.Fields(zabano.NormalizeSearch(q))
}

// ftsQuery is the FTS5 query that finds every word of words of at least
// three characters, each as a phrase (FTS5's syntax taken literally), and
// whether there is one.
func ftsQuery(words []string) (string, bool) {
	var phrases []string
	for _, w := range words {
		if utf8.RuneCountInString(w) >= trigram {
			phrases = append(phrases, `"`+strings.ReplaceAll(w, `"`, `""`)+`"`)
		}
	}
	return strings.Join(phrases, " "), len(phrases) > 0
}

// matchQuery sets w's condition that every word of query q is in the
// teacher's search text (on SQLite the words of three characters or more
// as the trigram index's matches, w.fts; the others as w.likes), and
// w.named, the condition that every word is in the name.
func (tx *Tx) matchQuery(w *teacherWhere, q string) {
	words := queryWords(q)
	var named []string
	for _, word := range words {
		if !tx.pg && utf8.RuneCountInString(word) >= trigram {
			continue // in the FTS5 queries below
		}
		w.likes, w.likeArgs = append(w.likes, `tp.search LIKE ? ESCAPE '\'`), append(w.likeArgs, likePattern(word))
		named, w.namedArgs = append(named, `tp.search_name LIKE ? ESCAPE '\'`), append(w.namedArgs, likePattern(word))
	}
	if match, ok := ftsQuery(words); ok && !tx.pg {
		w.fts = match
		named = append(named, `tp.user_id IN (SELECT rowid FROM teacher_names WHERE teacher_names MATCH ?)`)
		w.namedArgs = append(w.namedArgs, match)
	}
	w.named = strings.Join(named, " AND ")
}

// relevancePage is the query of the first n teachers that w, the WHERE of
// a query (w.named set), keeps in the order of relevance, and its
// arguments: each one's id and tier, 0 for a match of the name and 1 for a
// match of the rest of the search text, newest first in each tier. Each
// tier walks the newest order and stops at its nth teacher, as a page of
// any other order does: the names' from their own index (a name is part
// of the search text, so they need no other match: w.where), the others'
// from the search's matches, which FTS5 reads newest first.
func (w *teacherWhere) relevancePage(n int) (string, []any) {
	limit := ` LIMIT ` + strconv.Itoa(n)
	cond, args := w.where()
	from, matchCond, matchArgs := w.sql()
	newest := "tp.user_id"
	if w.fts != "" {
		newest = "teacher_search.rowid"
	}
	return `SELECT * FROM (SELECT 0 AS tier, tp.user_id AS id FROM teacher_profiles tp WHERE ` + cond + ` AND ` + w.named +
			` ORDER BY tp.user_id DESC` + limit + `) AS tier0 UNION ALL SELECT * FROM (SELECT 1 AS tier, tp.user_id AS id FROM ` + from +
			` WHERE ` + matchCond + ` AND NOT (` + w.named + `) ORDER BY ` + newest + ` DESC` + limit + `) AS tier1`,
		slices.Concat(args, w.namedArgs, matchArgs, w.namedArgs)
}

// teacherWhere is the WHERE of a list of teachers: conditions on tp
// (teacher_profiles) and their arguments.
type teacherWhere struct {
	// fts, when set, is the FTS5 query of a search's words (SQLite): the
	// teachers are those of its matches in teacher_search. likes are the
	// conditions that each other word is in tp.search, and their arguments.
	fts      string
	likes    []string
	likeArgs []any
	// conds are the filters' conditions, and their arguments.
	conds []string
	args  []any
	// named is the condition that a query's words are all in the name, and
	// its arguments; "" without a query.
	named     string
	namedArgs []any
	// alone counts the teachers of the set last added by addListed, when
	// that set is the only restriction.
	alone     string
	aloneArgs []any
}

func (w *teacherWhere) add(cond string, args ...any) {
	w.conds, w.args = append(w.conds, cond), append(w.args, args...)
}

// addListed adds cond, which keeps the teachers of the query ids (each id
// once, with the same args), read from an index that holds listed,
// bookable teachers alone (migration 00024): those of some languages. A
// list filtered by cond alone is counted from that index, with no profile
// looked up.
func (w *teacherWhere) addListed(cond, ids string, args ...any) {
	w.add(cond, args...)
	w.alone, w.aloneArgs = `SELECT count(*) FROM (`+ids+`) AS listed`, args
}

// where is the condition on tp, listed and bookable teachers alone, and its
// arguments: the filters', without the search's words.
func (w *teacherWhere) where() (string, []any) {
	return strings.Join(append([]string{"tp.bookable = TRUE", "tp.listed = TRUE"}, w.conds...), " AND "), w.args
}

// sql is what w keeps: the tables to read them from (tp among them), the
// condition and its arguments. A search's matches are read first, and
// each one's profile looked up (CROSS JOIN keeps that order on SQLite): a
// page of them newest first stops at its last.
func (w *teacherWhere) sql() (from, cond string, args []any) {
	cond, args = w.where()
	cond, args = strings.Join(append([]string{cond}, w.likes...), " AND "), slices.Concat(args, w.likeArgs)
	if w.fts == "" {
		return "teacher_profiles tp", cond, args
	}
	return `teacher_search CROSS JOIN teacher_profiles tp ON tp.user_id = teacher_search.rowid`,
		`teacher_search MATCH ? AND ` + cond, append([]any{w.fts}, args...)
}

// count is the query of how many teachers w keeps, counting at most
// bound+1 of them when bound is not 0 (TeacherFilter.CountBound), and its
// arguments.
func (w *teacherWhere) count(bound int) (string, []any) {
	if len(w.conds) == 1 && w.alone != "" && w.named == "" {
		return w.alone, w.aloneArgs
	}
	from, cond, args := w.sql()
	if bound == 0 {
		return `SELECT count(*) FROM ` + from + ` WHERE ` + cond, args
	}
	return `SELECT count(*) FROM (SELECT 1 FROM ` + from + ` WHERE ` + cond + ` LIMIT ` + strconv.Itoa(bound+1) + `) AS counted`, args
}

// filterTeachers is the WHERE of f's filters.
func (tx *Tx) filterTeachers(f *zabano.TeacherFilter) (*teacherWhere, error) {
	w := &teacherWhere{}
	tx.matchQuery(w, f.Query)
	if l := strings.TrimSpace(f.Language); l != "" {
		// Matched here, not bound, but refused as a bound text would be.
		if err := checkText([]any{l}); err != nil {
			return nil, err
		}
		languageSet(w, l)
	}
	if id := strings.TrimSpace(f.ID); id != "" {
		w.add(`(tp.wp_teacher_id = ? OR CAST(tp.user_id AS TEXT) = ?)`, id, id)
	}
	if f.PriceMin != nil {
		w.add(`tp.price_per_hour >= ?`, *f.PriceMin)
	}
	if f.PriceMax != nil {
		w.add(`tp.price_per_hour <= ?`, *f.PriceMax)
	}
	if f.RatingMin != nil && *f.RatingMin > 0 {
		w.add(`tp.review_count > 0 AND tp.rating_sum >= CAST(? AS DOUBLE PRECISION) * tp.review_count`, *f.RatingMin)
	}
	if f.Trial {
		w.add(`tp.test_session_price > 0`)
	}
	if f.SavedBy != 0 {
		w.add(`tp.user_id IN (SELECT teacher_id FROM saved_teachers WHERE student_id = ?)`, f.SavedBy)
	}
	if cond, a := freeSlotCond(tx.now, f); cond != "" {
		w.add(cond, a...)
	}
	return w, nil
}

// languageSet adds to w the teachers who teach a language whose name
// contains l, ignoring case. l is matched against zabano.TeacherLanguages
// here, and listed_languages read by the names it matched. A page looks
// each teacher its order walks up in it.
func languageSet(w *teacherWhere, l string) {
	var names []any
	for _, name := range zabano.TeacherLanguages {
		if strings.Contains(strings.ToLower(name), strings.ToLower(l)) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		w.add("FALSE")
		return
	}
	in := `language IN (` + placeholders(len(names)) + `)`
	ids := `SELECT teacher_id FROM listed_languages WHERE ` + in
	if len(names) > 1 {
		ids = `SELECT DISTINCT teacher_id FROM listed_languages WHERE ` + in
	}
	w.addListed(`EXISTS (SELECT 1 FROM listed_languages WHERE `+in+` AND teacher_id = tp.user_id)`, ids, names...)
}

// freeSlotCond is the condition that the teacher of tp has a free future
// slot as f's Days, Parts and Within ask, at now, and its arguments; ""
// when they ask nothing. Days and parts of the day are those of the slot's
// start in f.Location: its hour of the week, counted from Sunday 00:00, is
// one of f.WeekHours.
func freeSlotCond(now time.Time, f *zabano.TeacherFilter) (string, []any) {
	hours := f.WeekHours()
	if hours == nil && f.Within == 0 {
		return "", nil
	}
	conds := []string{`s.teacher_id = tp.user_id`, `s.booked = FALSE`, `s.start_at > ?`, slotNotHeld}
	args := []any{ms(now), ms(now)}
	if f.Within > 0 {
		conds, args = append(conds, `s.start_at <= ?`), append(args, ms(now.Add(time.Duration(f.Within)*24*time.Hour)))
	}
	if hours != nil {
		local, a := localMS(f.Location, now)
		// 1970-01-01 was a Thursday: hour 0 of Unix time is hour 96 of its week.
		conds = append(conds, `((`+local+`) / 3600000 + 96) % 168 IN (`+placeholders(len(hours))+`)`)
		args = append(args, a...)
		for _, h := range hours {
			args = append(args, h)
		}
	}
	return `EXISTS (SELECT 1 FROM slots s WHERE ` + strings.Join(conds, " AND ") + `)`, args
}

// localMS is the SQL of a slot's start (s.start_at) read on loc's clock,
// in milliseconds since 1970-01-01 00:00 of that clock, and its arguments:
// the start plus loc's offset, which changes at loc's transitions from now
// to a little over a year ahead (slots open at most a year ahead). A nil
// loc is UTC.
func localMS(loc *time.Location, now time.Time) (string, []any) {
	if loc == nil {
		loc = time.UTC
	}
	horizon := now.AddDate(1, 1, 0)
	var cases []string
	var args []any
	for t := now.In(loc); ; {
		_, offset := t.Zone()
		_, end := t.ZoneBounds()
		if end.IsZero() || end.After(horizon) {
			args = append(args, int64(offset)*1000)
			break
		}
		cases, args = append(cases, `WHEN s.start_at < ? THEN CAST(? AS BIGINT)`), append(args, ms(end), int64(offset)*1000)
		t = end
	}
	if len(cases) == 0 {
		return `s.start_at + CAST(? AS BIGINT)`, args
	}
	return `s.start_at + CASE ` + strings.Join(cases, " ") + ` ELSE CAST(? AS BIGINT) END`, args
}

// SaveTeacher implements zabano.TeacherStore.
func (db *DB) SaveTeacher(ctx context.Context, studentID, teacherID int64) error {
	return db.write(ctx, func(tx *Tx) error {
		tx.changesUsers(studentID)
		if err := listedTeacher(ctx, tx, teacherID); err != nil {
			return err
		}
		_, err := tx.exec(ctx, `INSERT INTO saved_teachers (student_id, teacher_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, studentID, teacherID, ms(tx.now))
		return err
	})
}

// UnsaveTeacher implements zabano.TeacherStore. A mark on a teacher who is
// no longer listed can still be taken off.
func (db *DB) UnsaveTeacher(ctx context.Context, studentID, teacherID int64) error {
	return db.write(ctx, func(tx *Tx) error {
		tx.changesUsers(studentID)
		res, err := tx.exec(ctx, `DELETE FROM saved_teachers WHERE student_id = ? AND teacher_id = ?`, studentID, teacherID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			return err
		}
		return listedTeacher(ctx, tx, teacherID)
	})
}

// listedTeacher is nil when id is a listed teacher's, else ENOTFOUND.
func listedTeacher(ctx context.Context, tx *Tx, id int64) error {
	var listed bool
	err := tx.queryRow(ctx, `SELECT listed FROM teacher_profiles WHERE user_id = ?`, id).Scan(&listed)
	if err == nil && !listed {
		err = sql.ErrNoRows
	}
	return notFound(err, zabano.MsgTeacherNotFound)
}

// SavedTeachers implements zabano.TeacherStore.
func (db *DB) SavedTeachers(ctx context.Context, studentID int64) (saved map[int64]bool, err error) {
	saved = map[int64]bool{}
	err = db.readOne(ctx, func(tx *Tx) error {
		return scanAll(ctx, tx, func(rows *sql.Rows) error {
			var id int64
			err := rows.Scan(&id)
			saved[id] = true
			return err
		}, `SELECT teacher_id FROM saved_teachers WHERE student_id = ?`, studentID)
	})
	return saved, err
}
