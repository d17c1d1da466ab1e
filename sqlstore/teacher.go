package sqlstore

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"

	"github.com/zabano/zabano"
)

var msgDocumentNotFound = zabano.Msg{En: "Document not found.", Fa: "مدرک یافت نشد."}

const teacherColumns = `u.id, u.role, u.username, u.email, u.phone, u.first_name, u.last_name, u.bio, u.photo,
	tp.price_per_hour, tp.test_session_price, tp.intro_video, tp.experience_years, tp.education,
	tp.certifications, tp.specializations, tp.teaching_style, tp.availability_note, tp.wp_teacher_id, tp.timezone, tp.sessions,
	tp.review_count, tp.rating_sum, tp.review_status, tp.review_reason, tp.review_requested_at, tp.listed`

func scanTeacher(row interface{ Scan(...any) error }, extra ...any) (*zabano.TeacherProfile, error) {
	var p zabano.TeacherProfile
	var requested int64
	u := &p.User
	dest := []any{&u.ID, &u.Role, &u.Username, &u.Email, &u.Phone, &u.FirstName, &u.LastName, &u.Bio, &u.Photo,
		&p.PricePerHour, &p.TestSessionPrice, &p.IntroVideo, &p.ExperienceYears, &p.Education,
		&p.Certifications, &p.Specializations, &p.TeachingStyle, &p.AvailabilityNote, &p.WPTeacherID, &p.TimeZone, &p.Sessions,
		&p.ReviewCount, &p.RatingSum, &p.Review.Status, &p.Review.Reason, &requested, &p.Listed}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		return nil, notFound(err, zabano.MsgTeacherNotFound)
	}
	p.Review.RequestedAt = fromMS(requested)
	return &p, nil
}

// FindTeacherProfile implements zabano.TeacherStore.
func (db *DB) FindTeacherProfile(ctx context.Context, teacherID int64) (p *zabano.TeacherProfile, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		p, err = findTeacherProfile(ctx, tx, teacherID)
		return err
	})
	return p, err
}

func findTeacherProfile(ctx context.Context, tx *Tx, teacherID int64) (*zabano.TeacherProfile, error) {
	p, err := scanTeacher(tx.queryRow(ctx, `SELECT `+teacherColumns+`
		FROM teacher_profiles tp JOIN users u ON u.id = tp.user_id WHERE tp.user_id = ? AND u.deleted_at IS NULL`, teacherID))
	if err != nil {
		return nil, err
	}
	return p, fillProfiles(ctx, tx, p)
}

// fillProfiles reads the levels each teacher of list offers now and their
// documents, in one query of each for the whole list.
func fillProfiles(ctx context.Context, tx *Tx, list ...*zabano.TeacherProfile) error {
	if len(list) == 0 {
		return nil
	}
	byID := make(map[int64]*zabano.TeacherProfile, len(list))
	ids := make([]any, len(list))
	for i, p := range list {
		byID[p.User.ID], ids[i] = p, p.User.ID
	}
	in := placeholders(len(ids))
	err := scanAll(ctx, tx, func(rows *sql.Rows) error {
		var l zabano.LevelPrice
		var teacherID int64
		if err := rows.Scan(&teacherID, &l.ID, &l.Language, &l.Level, &l.RegularPrice, &l.ExamPrice); err != nil {
			return err
		}
		byID[teacherID].Levels = append(byID[teacherID].Levels, l)
		return nil
	}, `SELECT teacher_id, id, language, level, regular_price, exam_price FROM teacher_levels
		WHERE teacher_id IN (`+in+`) AND active ORDER BY language, level`, ids...)
	if err != nil {
		return err
	}
	for _, p := range list {
		p.Languages = zabano.LanguagesOf(p.Levels)
	}
	return scanAll(ctx, tx, func(rows *sql.Rows) error {
		var d zabano.Document
		var teacherID, created int64
		if err := rows.Scan(&teacherID, &d.ID, &d.File, &d.Name, &created); err != nil {
			return err
		}
		d.CreatedAt = fromMS(created)
		byID[teacherID].Documents = append(byID[teacherID].Documents, d)
		return nil
	}, `SELECT teacher_id, id, file, name, created_at FROM teacher_documents WHERE teacher_id IN (`+in+`) ORDER BY id`, ids...)
}

// UpdateTeacherProfile implements zabano.TeacherStore.
func (db *DB) UpdateTeacherProfile(ctx context.Context, teacherID int64, u *zabano.TeacherUpdate) (p *zabano.TeacherProfile, replaced []string, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		old, err := findTeacherProfile(ctx, tx, teacherID)
		if err != nil {
			return err
		}
		if u.Photo != nil && old.User.Photo != "" {
			replaced = append(replaced, old.User.Photo)
		}
		if u.IntroVideo != nil && old.IntroVideo != "" {
			replaced = append(replaced, old.IntroVideo)
		}
		if err := update(ctx, tx, "users", "id", teacherID, map[string]any{
			"first_name": u.FirstName, "last_name": u.LastName, "bio": u.Bio, "photo": u.Photo,
		}); err != nil {
			return err
		}
		if err := setEmail(ctx, tx, teacherID, u.Email); err != nil {
			return err
		}
		err = update(ctx, tx, "teacher_profiles", "user_id", teacherID, map[string]any{
			"price_per_hour": u.PricePerHour, "test_session_price": u.TestSessionPrice, "intro_video": u.IntroVideo,
			"experience_years": u.ExperienceYears, "education": u.Education, "certifications": u.Certifications,
			"specializations": u.Specializations, "teaching_style": u.TeachingStyle,
			"availability_note": u.AvailabilityNote, "wp_teacher_id": u.WPTeacherID, "timezone": u.TimeZone,
		})
		if _, ok := uniqueViolation(err); ok {
			return zabano.FieldError("wp_teacher_id", zabano.MsgWPIDTaken)
		} else if err != nil {
			return err
		}
		if u.LanguageLevels != nil {
			if err := setLevelPrices(ctx, tx, teacherID, *u.LanguageLevels); err != nil {
				return err
			}
		}
		for _, d := range u.Documents {
			if _, err := tx.exec(ctx, `INSERT INTO teacher_documents (teacher_id, file, name, created_at) VALUES (?, ?, ?, ?)`,
				teacherID, d.File, d.Name, ms(tx.now)); err != nil {
				return err
			}
		}
		if p, err = findTeacherProfile(ctx, tx, teacherID); err != nil {
			return err
		}
		return refreshListing(ctx, tx, p)
	})
	return p, replaced, err
}

// update sets the non-nil values of cols (pointers) on the row of table whose
// key column is id. Column names come from the code, never from a request.
func update(ctx context.Context, tx *Tx, table, key string, id int64, cols map[string]any) error {
	var sets []string
	var args []any
	for col, v := range cols {
		switch p := v.(type) {
		case *string:
			if p != nil {
				sets, args = append(sets, col+" = ?"), append(args, *p)
			}
		case *int64:
			if p != nil {
				sets, args = append(sets, col+" = ?"), append(args, *p)
			}
		case *int:
			if p != nil {
				sets, args = append(sets, col+" = ?"), append(args, *p)
			}
		default:
			panic("sqlstore.update: unsupported type for " + col)
		}
	}
	if len(sets) == 0 {
		return nil
	}
	_, err := tx.exec(ctx, `UPDATE `+table+` SET `+strings.Join(sets, ", ")+` WHERE `+key+` = ?`, append(args, id)...)
	return err
}

// setLevelPrices makes entries the teacher's offered levels. A row's prices
// never change, so a booking is charged the price its student chose: a
// level offered at prices it had before gets that row's id back, at new
// prices a new row and id. Rows no longer offered stay, inactive, for the
// bookings that name them.
func setLevelPrices(ctx context.Context, tx *Tx, teacherID int64, entries []zabano.LanguageLevels) error {
	if _, err := tx.exec(ctx, `UPDATE teacher_levels SET active = FALSE WHERE teacher_id = ?`, teacherID); err != nil {
		return err
	}
	for _, e := range entries {
		for _, l := range e.Levels {
			res, err := tx.exec(ctx, `UPDATE teacher_levels SET active = TRUE WHERE id = (
					SELECT max(id) FROM teacher_levels
					WHERE teacher_id = ? AND language = ? AND level = ? AND regular_price = ? AND exam_price = ?)`,
				teacherID, e.Language, l, e.RegularPrice, e.ExamPrice)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 1 {
				continue
			}
			_, err = tx.exec(ctx, `INSERT INTO teacher_levels (teacher_id, language, level, regular_price, exam_price, active)
				VALUES (?, ?, ?, ?, ?, TRUE)`, teacherID, e.Language, l, e.RegularPrice, e.ExamPrice)
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// refreshListing rewrites the teacher-list columns of p's row from p.
func refreshListing(ctx context.Context, tx *Tx, p *zabano.TeacherProfile) error {
	_, err := tx.exec(ctx, `UPDATE teacher_profiles SET languages = ?, search = ?, search_name = ?, bookable = ? WHERE user_id = ?`,
		strings.Join(p.Languages, ","), searchText(&p.User), searchName(&p.User), len(p.Levels) > 0, p.User.ID)
	return err
}

// relist sets whether teacher id is listed: approved, and neither suspended
// nor deleted. Every change of those calls it in its transaction.
func relist(ctx context.Context, tx *Tx, id int64) error {
	_, err := tx.exec(ctx, `UPDATE teacher_profiles SET listed = (review_status = ? AND EXISTS (
			SELECT 1 FROM users u WHERE u.id = teacher_profiles.user_id AND u.suspended_at IS NULL AND u.deleted_at IS NULL))
		WHERE user_id = ?`, zabano.ReviewApproved, id)
	return err
}

// teacherListed is the condition that the teacher of a slot (of the table
// slots, unaliased) is listed: students see and book listed teachers' slots
// only. It looks the one profile up by its key; an IN list of the listed
// teachers had SQLite read all 10,000 of them for each teacher's slots.
const teacherListed = `EXISTS (SELECT 1 FROM teacher_profiles WHERE user_id = slots.teacher_id AND listed = TRUE)`

// DeleteTeacherDocument implements zabano.TeacherStore.
func (db *DB) DeleteTeacherDocument(ctx context.Context, teacherID, documentID int64) (key string, err error) {
	err = db.write(ctx, func(tx *Tx) error {
		err := tx.queryRow(ctx, `DELETE FROM teacher_documents WHERE id = ? AND teacher_id = ? RETURNING file`,
			documentID, teacherID).Scan(&key)
		return notFound(err, msgDocumentNotFound)
	})
	return key, err
}

// likePattern is a LIKE pattern matching s anywhere, with LIKE's wildcards in
// s escaped (ESCAPE '\').
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(s)) + "%"
}

// FindTeachers implements zabano.TeacherStore: listed teachers only. The
// listing columns hold what a card needs, and the page carries the total
// (a subquery computed once), so a page is one statement and its cards'
// free slots a second: no transaction, whose BEGIN and COMMIT were two of
// PostgreSQL's six round trips. Orders follow the indexes on (bookable,
// listed, price, user_id) and the like (migration 00025); the rating order
// is computed (ratingOrder), the relevance order is the search's
// (relevancePage).
func (db *DB) FindTeachers(ctx context.Context, f zabano.TeacherFilter) (list []*zabano.TeacherProfile, total int, exact bool, err error) {
	order := "tp.user_id DESC"
	var orderArgs []any
	sort := f.SortOrder()
	switch sort {
	case "price":
		order = "tp.price_per_hour, tp.user_id"
	case "experience":
		order = "tp.experience_years DESC, tp.user_id DESC"
	case "rating":
		order = ratingOrder
		var prior float64
		err := db.readOne(ctx, func(tx *Tx) (err error) {
			prior, err = ratingPrior(ctx, tx)
			return err
		})
		if err != nil {
			return nil, 0, false, err
		}
		orderArgs = []any{prior, zabano.RatingPrior}
	}
	var w *teacherWhere
	bound := f.CountBound()
	err = db.readOne(ctx, func(tx *Tx) error {
		if w, err = tx.filterTeachers(&f); err != nil {
			return err
		}
		var with, count, from string
		var withArgs, countArgs, fromArgs []any
		limit := limitOffset(f.Limit, f.Offset)
		if sort == "relevance" {
			// The tiers read as far as the count needs (a query has a bound),
			// once for both: the page is their first rows, and only its
			// teachers are looked up.
			ranked, rankedArgs := w.relevancePage(bound + 1)
			with, withArgs = `WITH ranked AS MATERIALIZED (`+ranked+`) `, rankedArgs
			count = `SELECT count(*) FROM ranked`
			from = `(SELECT * FROM ranked ORDER BY tier, id DESC` + limit + `) AS page
				JOIN teacher_profiles tp ON tp.user_id = page.id JOIN users u ON u.id = tp.user_id`
			order, limit = "page.tier, page.id DESC", ""
		} else {
			count, countArgs = w.count(bound)
			tables, cond, args := w.sql()
			from, fromArgs = tables+` JOIN users u ON u.id = tp.user_id WHERE `+cond, args
		}
		return scanAll(ctx, tx, func(rows *sql.Rows) error {
			var languages string
			p, err := scanTeacher(rows, &languages, &total)
			if err != nil {
				return err
			}
			if languages != "" {
				p.Languages = strings.Split(languages, ",")
			}
			list = append(list, p)
			return nil
		}, with+`SELECT `+teacherColumns+`, tp.languages, (`+count+`) FROM `+from+`
			ORDER BY `+order+limit,
			slices.Concat(withArgs, countArgs, fromArgs, orderArgs)...)
	})
	if err == nil && len(list) == 0 && f.Offset > 0 {
		// A page past the last: no row carried the total.
		err = db.readOne(ctx, func(tx *Tx) error {
			count, countArgs := w.count(bound)
			return tx.queryRow(ctx, count, countArgs...).Scan(&total)
		})
	}
	if err == nil && len(list) > 0 {
		err = db.readOne(ctx, func(tx *Tx) error { return findNextSlots(ctx, tx, list) })
	}
	if err != nil {
		return nil, 0, false, err
	}
	if bound > 0 && total > bound {
		return list, bound, false, nil
	}
	return list, total, true, nil
}

// ratingOrder ranks rated teachers by the Bayesian average
// (C*m + sum) / (C + n) of zabano.RatingPrior, its arguments C*m and C, and
// then the teachers nobody rated yet, newest first.
const ratingOrder = `tp.review_count = 0,
	(CAST(? AS DOUBLE PRECISION) + tp.rating_sum) / (CAST(? AS DOUBLE PRECISION) + tp.review_count) DESC, tp.user_id DESC`

// ratingPrior is C*m of the rating order: C times the marketplace mean m of
// the visible reviews (m is 0 while there are none, when nobody is rated).
func ratingPrior(ctx context.Context, tx *Tx) (float64, error) {
	var sum, n int64
	err := tx.queryRow(ctx, `SELECT COALESCE(SUM(rating_sum), 0), COALESCE(SUM(review_count), 0)
		FROM teacher_profiles WHERE review_count > 0`).Scan(&sum, &n)
	if err != nil || n == 0 {
		return 0, err
	}
	return zabano.RatingPrior * float64(sum) / float64(n), nil
}

// cardSlots is how many next free slots a teacher card carries.
const cardSlots = 3

// findNextSlots fills the next free slots of the teachers of a page and how
// many they have, in one query that reads the slots_free index alone: each
// teacher's count, and each teacher's first cardSlots in its order (a LIMIT
// per teacher rather than every free slot of the page sorted). A count's
// row has no slot (a NULL id). PostgreSQL takes the page's teachers as one
// array and reads each one's slots in a LATERAL join: one plan node, where
// a subquery per teacher cost it 82 parameters to bind and 20 plans to
// start at every call (a fifth of its CPU for a page). SQLite has no
// LATERAL, and plans the UNION of subqueries once (its statements are kept).
func findNextSlots(ctx context.Context, tx *Tx, list []*zabano.TeacherProfile) error {
	if len(list) == 0 {
		return nil
	}
	byID := make(map[int64]*zabano.TeacherProfile, len(list))
	ids := make([]int64, len(list))
	for i, p := range list {
		byID[p.User.ID], ids[i] = p, p.User.ID
	}
	const free = `booked = FALSE AND start_at > ? AND ` + slotNotHeld
	const none = `CAST(NULL AS BIGINT)`
	const counts = `SELECT teacher_id, count(*), ` + none + `, ` + none + `, ` + none + ` FROM slots WHERE ` + free
	const next = `SELECT teacher_id, ` + none + `, id, start_at, end_at FROM slots WHERE ` + free
	order := ` ORDER BY start_at LIMIT ` + strconv.Itoa(cardSlots)
	var q string
	var args []any
	if tx.pg {
		q = counts + ` AND teacher_id = ANY(?) GROUP BY teacher_id
			UNION ALL SELECT t.* FROM unnest(CAST(? AS BIGINT[])) AS p (id) CROSS JOIN LATERAL (` + next + ` AND teacher_id = p.id` + order + `) AS t`
		args = []any{ms(tx.now), ms(tx.now), ids, ids, ms(tx.now), ms(tx.now)}
	} else {
		parts := []string{counts + ` AND teacher_id IN (` + placeholders(len(ids)) + `) GROUP BY teacher_id`}
		args = []any{ms(tx.now), ms(tx.now)}
		for _, id := range ids {
			args = append(args, id)
		}
		for _, id := range ids {
			parts = append(parts, `SELECT * FROM (`+next+` AND teacher_id = ?`+order+`) AS t`)
			args = append(args, ms(tx.now), ms(tx.now), id)
		}
		q = strings.Join(parts, " UNION ALL ")
	}
	return scanAll(ctx, tx, func(rows *sql.Rows) error {
		var teacher int64
		var n, id, start, end sql.NullInt64
		if err := rows.Scan(&teacher, &n, &id, &start, &end); err != nil {
			return err
		}
		p := byID[teacher]
		if !id.Valid {
			p.FreeSlots = int(n.Int64)
			return nil
		}
		p.NextSlots = append(p.NextSlots, zabano.Slot{ID: id.Int64, TeacherID: teacher, Start: fromMS(start.Int64), End: fromMS(end.Int64)})
		return nil
	}, q+` ORDER BY 1, 4`, args...)
}
