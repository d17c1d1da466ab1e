package sqlstore

import (
	"context"
	"database/sql"
	"slices"
	"time"

	"github.com/zabano/zabano"
)

// IsEmpty reports whether the database has no users yet.
func (db *DB) IsEmpty(ctx context.Context) (empty bool, err error) {
	err = db.read(ctx, func(tx *Tx) error {
		return tx.queryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM users)`).Scan(&empty)
	})
	return empty, err
}

// Seed inserts demo teachers with their profiles and students, in one
// transaction, many rows a statement, without phone codes: it is for filling
// an empty database (zabano seed), not for sign-ups. It sets the ids of the
// users and levels. A teacher's review is approved unless their
// Review.Status says otherwise.
func (db *DB) Seed(ctx context.Context, teachers []*zabano.TeacherProfile, students []*zabano.User) error {
	type teacherLevel struct {
		teacher int64
		*zabano.LevelPrice
	}
	users := slices.Clone(students)
	for _, p := range teachers {
		users = append(users, &p.User)
		p.Languages = zabano.LanguagesOf(p.Levels)
	}
	return db.write(ctx, func(tx *Tx) error {
		byName := make(map[string]*zabano.User, len(users))
		for _, u := range users {
			byName[u.Username] = u
		}
		err := insertMany(ctx, tx, `users (role, username, email, phone, first_name, last_name, bio, photo, password_hash, created_at)`, len(users),
			func(i int, args []any) []any {
				u := users[i]
				return append(args, u.Role, u.Username, u.Email, u.Phone, u.FirstName, u.LastName, u.Bio, u.Photo, u.PasswordHash, ms(tx.now))
			},
			`id, username`, func(rows *sql.Rows) error {
				var id int64
				var name string
				err := rows.Scan(&id, &name)
				byName[name].ID = id
				return err
			})
		if err != nil {
			return err
		}
		var levels []teacherLevel
		for _, p := range teachers {
			for i := range p.Levels {
				levels = append(levels, teacherLevel{p.User.ID, &p.Levels[i]})
			}
		}
		err = insertMany(ctx, tx, `teacher_profiles (user_id, price_per_hour, test_session_price, experience_years,
			education, teaching_style, wp_teacher_id, timezone, review_status, review_requested_at, listed)`, len(teachers),
			func(i int, args []any) []any {
				p := teachers[i]
				if p.Review.Status == "" {
					p.Review.Status = zabano.ReviewApproved
				}
				p.Review.RequestedAt = tx.now
				return append(args, p.User.ID, p.PricePerHour, p.TestSessionPrice, p.ExperienceYears,
					p.Education, p.TeachingStyle, p.WPTeacherID, p.TimeZone, p.Review.Status, ms(tx.now),
					p.Review.Status == zabano.ReviewApproved) // nobody seeded is suspended
			}, "", nil)
		if err != nil {
			return err
		}
		type levelKey struct {
			teacher  int64
			language string
			level    zabano.Level
		}
		byKey := make(map[levelKey]*zabano.LevelPrice, len(levels))
		err = insertMany(ctx, tx, `teacher_levels (teacher_id, language, level, regular_price, exam_price)`, len(levels),
			func(i int, args []any) []any {
				l := levels[i]
				byKey[levelKey{l.teacher, l.Language, l.Level}] = l.LevelPrice
				return append(args, l.teacher, l.Language, l.Level, l.RegularPrice, l.ExamPrice)
			},
			`id, teacher_id, language, level`, func(rows *sql.Rows) error {
				var id int64
				var k levelKey
				err := rows.Scan(&id, &k.teacher, &k.language, &k.level)
				byKey[k].ID = id
				return err
			})
		if err != nil {
			return err
		}
		for _, p := range teachers {
			if err := refreshListing(ctx, tx, p); err != nil {
				return err
			}
		}
		return nil
	})
}

// SeedSlots inserts the free slots of seeded teachers in one transaction,
// many rows a statement, and sets their ids. Unlike CreateSlots it does not
// look for overlaps: the seed makes none.
func (db *DB) SeedSlots(ctx context.Context, slots []zabano.Slot) error {
	type slotKey struct{ teacher, start int64 }
	byKey := make(map[slotKey]*zabano.Slot, len(slots))
	return db.write(ctx, func(tx *Tx) error {
		return insertMany(ctx, tx, `slots (teacher_id, start_at, end_at, created_at)`, len(slots),
			func(i int, args []any) []any {
				s := &slots[i]
				byKey[slotKey{s.TeacherID, ms(s.Start)}] = s
				return append(args, s.TeacherID, ms(s.Start), ms(s.End), ms(tx.now))
			},
			`id, teacher_id, start_at`, func(rows *sql.Rows) error {
				var id int64
				var k slotKey
				err := rows.Scan(&id, &k.teacher, &k.start)
				byKey[k].ID = id
				return err
			})
	})
}

// VacuumSeed vacuums the tables the seed fills on PostgreSQL and refreshes
// their planner statistics, as autovacuum would in time. Until then plans
// assume small tables (the bench's 1.8 million reminder deliveries, when a
// booking wrote its reminders ahead, made every message's check for a
// pending unread notice a scan: 47 ms of PostgreSQL's CPU), and an
// index-only scan reads the table too, its pages not yet marked
// all-visible (a page of cards' free slots: 1,990 rows of slots for 1,800
// index entries, 7 ms). SQLite's statistics are gathered by
// the server at start (Optimize).
func (db *DB) VacuumSeed(ctx context.Context) error {
	if !db.pg {
		return nil
	}
	_, err := db.writer.ExecContext(ctx, `VACUUM (ANALYZE) users, teacher_profiles, listed_languages, teacher_levels, slots, bookings,
		ledger_accounts, ledger_transactions, ledger_entries, notifications, deliveries`)
	return err
}

// insertMany inserts n rows into into (a table and its columns), many a
// statement; row appends row i's values to args. With returning, each row a
// statement returns goes to scan; a statement's rows are all added before
// they are returned.
func insertMany(ctx context.Context, tx *Tx, into string, n int, row func(i int, args []any) []any,
	returning string, scan func(*sql.Rows) error) error {
	const maxArgs = 8000 // well below either database's limit of placeholders
	var args []any
	for i := 0; i < n; {
		args = args[:0]
		rows := 0
		for ; i < n && len(args) < maxArgs; i++ {
			args = row(i, args)
			rows++
		}
		q := `INSERT INTO ` + into + ` VALUES ` + valueRows(rows, len(args)/rows)
		if returning == "" {
			if _, err := tx.exec(ctx, q, args...); err != nil {
				return err
			}
			continue
		}
		if err := scanAll(ctx, tx, scan, q+` RETURNING `+returning, args...); err != nil {
			return err
		}
	}
	return nil
}

// SeedTopUps credits students' wallets (user id to Toman) from gateway
// clearing through the ledger, in one transaction: the seed's stand-in for
// the card payments that fill wallets.
func (db *DB) SeedTopUps(ctx context.Context, amounts map[int64]int64) error {
	ids := make([]int64, 0, len(amounts))
	for id := range amounts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return db.write(ctx, func(tx *Tx) error {
		for _, id := range ids {
			t := zabano.Transfer(zabano.TxTopUp, zabano.GatewayAccount, zabano.WalletOf(id), amounts[id], "zabano seed")
			if err := post(ctx, tx, t); err != nil {
				return err
			}
		}
		return nil
	})
}

// SeedDelivered writes the reminders due by now, the store's clock's, and
// counts every delivery due before at as sent when it was due: the seed's
// history happened before the server ran, and starting it must not text
// and mail that past. Deliveries due later stay to be sent, and reminders
// to be written.
func (db *DB) SeedDelivered(ctx context.Context, at time.Time) error {
	for n := -1; n != 0; {
		var err error
		if n, err = db.WriteReminders(ctx, 1000); err != nil {
			return err
		}
	}
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `UPDATE deliveries SET status = ?, sent_at = due_at, attempts = 1 WHERE status = ? AND due_at <= ?`,
			zabano.DeliverySent, zabano.DeliveryPending, ms(at))
		return err
	})
}

// SeedEmail gives user id the verified address email, as if they had opened
// its link: the demo's notifications then show in the dev mail outbox too.
func (db *DB) SeedEmail(ctx context.Context, id int64, email string) error {
	return db.write(ctx, func(tx *Tx) error {
		_, err := tx.exec(ctx, `UPDATE users SET email = ?, email_verified_at = ? WHERE id = ?`, email, ms(tx.now), id)
		return err
	})
}
