package sqlstore_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

var phones atomic.Int64

// mustUser registers a user of role with a fresh phone.
func mustUser(t *testing.T, db *sqlstore.DB, name string, role zabano.Role) *zabano.User {
	t.Helper()
	phone := fmt.Sprintf("0913%07d", phones.Add(1))
	u := &zabano.User{Role: role, Username: name, Phone: phone, PasswordHash: "x"}
	if err := db.CreateUser(ctx, u, sendCode(t, db, phone, "123456")); err != nil {
		t.Fatal(err)
	}
	return u
}

func ptr[T any](v T) *T { return &v }

func TestTeacherProfile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		tu := mustUser(t, db, "maryam", zabano.RoleTeacher)
		p, err := db.FindTeacherProfile(ctx, tu.ID)
		if err != nil || p.TimeZone != "Asia/Tehran" || p.Complete() {
			t.Fatalf("new profile: %+v, %v", p, err)
		}
		p, replaced, err := db.UpdateTeacherProfile(ctx, tu.ID, &zabano.TeacherUpdate{
			FirstName: ptr("Maryam"), Bio: ptr("IELTS coach"), PricePerHour: ptr[int64](300000),
			ExperienceYears: ptr(6), WPTeacherID: ptr("wp-77"), Photo: ptr("photos/a.jpg"),
			LanguageLevels: &[]zabano.LanguageLevels{
				{Language: "English", Levels: []zabano.Level{1, 4}, RegularPrice: 250000, ExamPrice: 300000},
				{Language: "French", Levels: []zabano.Level{2}, RegularPrice: 200000},
			},
			Documents: []zabano.Document{{File: "documents/cv.pdf", Name: "cv.pdf"}},
		})
		if err != nil || len(replaced) != 0 {
			t.Fatalf("update: %v, replaced %v", err, replaced)
		}
		if !p.Complete() || len(p.Levels) != 3 || len(p.Documents) != 1 || p.User.Photo != "photos/a.jpg" ||
			fmt.Sprint(p.Languages) != "[English French]" {
			t.Fatalf("after update: %+v", p)
		}
		englishA1 := p.Levels[0].ID

		// Only given fields change; replacing levels keeps the ids of levels
		// kept at their prices, and a repriced level gets a new id.
		p, replaced, err = db.UpdateTeacherProfile(ctx, tu.ID, &zabano.TeacherUpdate{
			Photo: ptr("photos/b.jpg"),
			LanguageLevels: &[]zabano.LanguageLevels{
				{Language: "English", Levels: []zabano.Level{1, 4}, RegularPrice: 250000, ExamPrice: 300000},
			},
		})
		if err != nil || fmt.Sprint(replaced) != "[photos/a.jpg]" {
			t.Fatalf("second update: %v, replaced %v", err, replaced)
		}
		if p.User.Bio != "IELTS coach" || p.PricePerHour != 300000 || len(p.Levels) != 2 || p.Levels[0].ID != englishA1 {
			t.Fatalf("after second update: %+v", p)
		}
		p, _, err = db.UpdateTeacherProfile(ctx, tu.ID, &zabano.TeacherUpdate{LanguageLevels: &[]zabano.LanguageLevels{
			{Language: "English", Levels: []zabano.Level{1}, RegularPrice: 260000, ExamPrice: 300000},
		}})
		if err != nil || len(p.Levels) != 1 || p.Levels[0].ID == englishA1 || p.Levels[0].RegularPrice != 260000 {
			t.Fatalf("repriced: %+v, %v", p, err)
		}

		other := mustUser(t, db, "omid", zabano.RoleTeacher)
		if _, _, err := db.UpdateTeacherProfile(ctx, other.ID, &zabano.TeacherUpdate{WPTeacherID: ptr("wp-77")}); fieldOf(err) != "wp_teacher_id" {
			t.Fatalf("taken main-site id: %v", err)
		}
		if _, err := db.DeleteTeacherDocument(ctx, other.ID, p.Documents[0].ID); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("another teacher deleted a document: %v", err)
		}
		if key, err := db.DeleteTeacherDocument(ctx, tu.ID, p.Documents[0].ID); err != nil || key != "documents/cv.pdf" {
			t.Fatalf("delete document: %q %v", key, err)
		}
		if _, err := db.FindTeacherProfile(ctx, mustUser(t, db, "sara", zabano.RoleStudent).ID); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("a student's teacher profile: %v", err)
		}
	})
}

func TestFindTeachers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		add := func(name, first, bio string, price int64, years int, langs ...string) *zabano.User {
			u := mustUser(t, db, name, zabano.RoleTeacher)
			var entries []zabano.LanguageLevels
			for _, l := range langs {
				entries = append(entries, zabano.LanguageLevels{Language: l, Levels: []zabano.Level{1}, RegularPrice: price})
			}
			_, _, err := db.UpdateTeacherProfile(ctx, u.ID, &zabano.TeacherUpdate{
				FirstName: &first, Bio: &bio, PricePerHour: &price, ExperienceYears: &years, LanguageLevels: &entries,
			})
			if err != nil {
				t.Fatal(err)
			}
			return u
		}
		a := add("ali", "علی", "Business ENGLISH and 100% IELTS", 500000, 10, "English")
		b := add("bita", "Bita", "Conversational French", 200000, 3, "French", "English")
		c := add("cyrus", "کوروش", "آموزش زبان آلمانی", 300000, 7, "German")
		mustUser(t, db, "dara", zabano.RoleTeacher) // no prices: not bookable, never listed

		names := func(f zabano.TeacherFilter) (string, int) {
			t.Helper()
			if f.Limit == 0 {
				f.Limit = 10
			}
			list, total, _, err := db.FindTeachers(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, p := range list {
				out = append(out, p.User.Username)
			}
			return fmt.Sprint(out), total
		}
		for _, tc := range []struct {
			name  string
			f     zabano.TeacherFilter
			want  string
			total int
		}{
			{"all, newest first", zabano.TeacherFilter{}, "[cyrus bita ali]", 3},
			{"name or bio ignoring case", zabano.TeacherFilter{Query: "english"}, "[ali]", 1},
			{"Persian name", zabano.TeacherFilter{Query: "کوروش"}, "[cyrus]", 1},
			{"Persian bio", zabano.TeacherFilter{Query: "آلمانی"}, "[cyrus]", 1},
			{"LIKE wildcards are literal", zabano.TeacherFilter{Query: "100%"}, "[ali]", 1},
			{"underscore is literal", zabano.TeacherFilter{Query: "b_ta"}, "[]", 0},
			{"language by part of its name", zabano.TeacherFilter{Language: "fren"}, "[bita]", 1},
			{"language shared", zabano.TeacherFilter{Language: "english", Sort: "price"}, "[bita ali]", 2},
			{"cheapest first", zabano.TeacherFilter{Sort: "price"}, "[bita cyrus ali]", 3},
			{"most experienced first", zabano.TeacherFilter{Sort: "experience"}, "[ali cyrus bita]", 3},
			{"page", zabano.TeacherFilter{Sort: "price", Limit: 1, Offset: 1}, "[cyrus]", 3},
			{"past the last page", zabano.TeacherFilter{Sort: "price", Limit: 1, Offset: 3}, "[]", 3},
			{"past the last page of a language", zabano.TeacherFilter{Language: "english", Offset: 2}, "[]", 2},
			{"by id", zabano.TeacherFilter{ID: fmt.Sprint(c.ID)}, "[cyrus]", 1},
			{"nothing", zabano.TeacherFilter{Query: "nobody"}, "[]", 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, total := names(tc.f)
				if got != tc.want || total != tc.total {
					t.Fatalf("got %s (%d in all), want %s (%d)", got, total, tc.want, tc.total)
				}
			})
		}
		list, _, _, _ := db.FindTeachers(ctx, zabano.TeacherFilter{ID: fmt.Sprint(b.ID), Limit: 1})
		if fmt.Sprint(list[0].Languages) != "[English French]" || list[0].PricePerHour != 200000 {
			t.Fatalf("card: %+v", list[0])
		}
		db.UpdateTeacherProfile(ctx, a.ID, &zabano.TeacherUpdate{WPTeacherID: ptr("9001")})
		if got, _ := names(zabano.TeacherFilter{ID: "9001"}); got != "[ali]" {
			t.Fatalf("by main-site id: %s", got)
		}
	})
}

func TestStudentProfile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		s := mustUser(t, db, "sara", zabano.RoleStudent)
		mustUser(t, db, "taken", zabano.RoleStudent)
		p, err := db.UpdateStudentProfile(ctx, s.ID, &zabano.StudentUpdate{FirstName: ptr("Sara"), Email: ptr("s@example.com")}, "")
		if err != nil || p.User.FirstName != "Sara" || p.User.Email != "s@example.com" || p.User.Username != "sara" {
			t.Fatalf("update: %+v %v", p, err)
		}
		if _, err := db.UpdateStudentProfile(ctx, s.ID, &zabano.StudentUpdate{Username: ptr("TAKEN")}, ""); fieldOf(err) != "username" {
			t.Fatalf("taken username: %v", err)
		}
		newPhone := "09127777777"
		wrong := zabano.HashCode([]byte("k"), newPhone, "000000")
		sendCode(t, db, newPhone, "123456")
		if _, err := db.UpdateStudentProfile(ctx, s.ID, &zabano.StudentUpdate{Phone: &newPhone}, wrong); fieldOf(err) != "code" {
			t.Fatalf("phone with a wrong code: %v", err)
		}
		p, err = db.UpdateStudentProfile(ctx, s.ID, &zabano.StudentUpdate{Phone: &newPhone}, zabano.HashCode([]byte("k"), newPhone, "123456"))
		if err != nil || p.User.Phone != newPhone {
			t.Fatalf("phone change: %+v %v", p, err)
		}
		if err := db.SetStudentLanguage(ctx, s.ID, zabano.StudentLanguage{Language: "English", Level: "beginner"}); err != nil {
			t.Fatal(err)
		}
		if err := db.SetStudentLanguage(ctx, s.ID, zabano.StudentLanguage{Language: "English", Level: "advanced"}); err != nil {
			t.Fatal(err)
		}
		p, _ = db.FindStudentProfile(ctx, s.ID)
		if len(p.Languages) != 1 || p.Languages[0].Level != "advanced" {
			t.Fatalf("languages: %+v", p.Languages)
		}
		other := mustUser(t, db, "nima", zabano.RoleStudent)
		if err := db.DeleteStudentLanguage(ctx, other.ID, p.Languages[0].ID); zabano.ErrorCode(err) != zabano.ENOTFOUND {
			t.Fatalf("another student deleted a language: %v", err)
		}
		if err := db.DeleteStudentLanguage(ctx, s.ID, p.Languages[0].ID); err != nil {
			t.Fatal(err)
		}
		if old, err := db.SetUserPhoto(ctx, s.ID, "photos/x.png"); err != nil || old != "" {
			t.Fatalf("photo: %q %v", old, err)
		}
		if old, _ := db.SetUserPhoto(ctx, s.ID, "photos/y.png"); old != "photos/x.png" {
			t.Fatalf("replaced photo %q", old)
		}
	})
}

func TestOptimizeGathersStatistics(t *testing.T) {
	// SQLite only: PostgreSQL's autovacuum keeps its statistics.
	db := storetest.Open(t, "sqlite")
	for _, name := range []string{"tara", "yas"} {
		mustUser(t, db, name, zabano.RoleTeacher)
	}
	if err := db.Optimize(ctx); err != nil {
		t.Fatal(err)
	}
	if ok, err := db.Analyzed(ctx, "teacher_profiles"); err != nil || !ok {
		t.Fatalf("teacher_profiles analyzed: %v, %v", ok, err)
	}
	// The analysis samples every index; kept, the samples would make
	// SQLite plan prepared statements again on every call.
	if n, err := db.IndexSamples(ctx); err != nil || n != 0 {
		t.Fatalf("%d index samples kept (%v)", n, err)
	}
}

// TestLevelPriceIDsMigration: the migration that lets a level have several
// rows (one per price) keeps every row, its id and the bookings naming it.
func TestLevelPriceIDsMigration(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			db := migrated(t, dialect, 8,
				`INSERT INTO users (id, role, username, phone, password_hash, created_at) VALUES (1, 'teacher', 'maryam', '09120000001', 'x', 0)`,
				`INSERT INTO users (id, role, username, phone, password_hash, created_at) VALUES (2, 'student', 'sara', '09120000002', 'x', 0)`,
				`INSERT INTO teacher_profiles (user_id) VALUES (1)`,
				`INSERT INTO teacher_levels (id, teacher_id, language, level, regular_price, exam_price) VALUES (7, 1, 'English', 3, 250000, 0)`,
				`INSERT INTO bookings (student_id, teacher_id, level_price_id, start_at, end_at, price, status, meeting_link, created_at)
				VALUES (2, 1, 7, 1000, 2000, 250000, 'done', '', 0)`,
			)
			list, err := db.Classes(ctx, &zabano.User{ID: 2, Role: zabano.RoleStudent})
			if err != nil || len(list) != 1 || list[0].LevelPriceID != 7 || list[0].Level != 3 || list[0].Language != "English" {
				t.Fatalf("the booking after the migration: %v %v", list, err)
			}
			db.Now = func() time.Time { return time.Unix(0, 0) }
			p, _, err := db.UpdateTeacherProfile(ctx, 1, &zabano.TeacherUpdate{LanguageLevels: &[]zabano.LanguageLevels{
				{Language: "English", Levels: []zabano.Level{3}, RegularPrice: 300000},
			}})
			if err != nil || len(p.Levels) != 1 || p.Levels[0].ID == 7 {
				t.Fatalf("reprice after the migration: %+v %v", p, err)
			}
			if err := db.Exec(ctx, `UPDATE teacher_levels SET active = TRUE WHERE id = 7`); err == nil {
				t.Fatal("two active rows of one level")
			}
		})
	}
}

// migrated is a database of dialect whose migrations up to version ran,
// then statements (the rows a migration test starts from), then the rest
// of the migrations, as Open runs them.
func migrated(t *testing.T, dialect string, version int64, statements ...string) *sqlstore.DB {
	t.Helper()
	dsn := storetest.DSN(t, dialect)
	old, err := sqlstore.OpenAt(ctx, dsn, version)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range statements {
		if err := old.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()
	db, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("migrate from %d: %v", version, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
