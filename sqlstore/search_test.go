package sqlstore_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// teacherSpec is a bookable teacher of the search tests.
type teacherSpec struct {
	username, first, last, bio string
	price, trial               int64
}

// addTeacher registers the teacher of s with one priced level.
func addTeacher(t *testing.T, db *sqlstore.DB, s teacherSpec) *zabano.User {
	t.Helper()
	u := mustUser(t, db, s.username, zabano.RoleTeacher)
	_, _, err := db.UpdateTeacherProfile(ctx, u.ID, &zabano.TeacherUpdate{
		FirstName: &s.first, LastName: &s.last, Bio: &s.bio, PricePerHour: &s.price, TestSessionPrice: &s.trial,
		LanguageLevels: &[]zabano.LanguageLevels{{Language: "English", Levels: []zabano.Level{1}, RegularPrice: s.price}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// found lists the usernames of the teachers f finds, in order, and how
// many it finds in all.
func found(t *testing.T, db *sqlstore.DB, f zabano.TeacherFilter) (string, int) {
	t.Helper()
	if f.Limit == 0 {
		f.Limit = 20
	}
	list, total, exact, err := db.FindTeachers(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	if !exact { // no search of these tests finds more than a page's bound
		t.Fatalf("%d teachers and more found", total)
	}
	var out []string
	for _, p := range list {
		out = append(out, p.User.Username)
	}
	return fmt.Sprint(out), total
}

type searchCase struct {
	name string
	f    zabano.TeacherFilter
	want string
}

func runSearchCases(t *testing.T, db *sqlstore.DB, cases []searchCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, total := found(t, db, tc.f)
			if got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
			if n := len(tc.want) - len("[]"); n > 0 && total == 0 || n == 0 && total != 0 {
				t.Fatalf("total %d for %s", total, got)
			}
		})
	}
}

// TestSearchReadsPersian: names and bios typed with Persian or Arabic
// letters, with or without the zero-width non-joiner, short vowels or
// Persian digits, are found by queries typed either way; a match of the
// name ranks above one of the bio, and a sort asked for wins over relevance.
func TestSearchReadsPersian(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		for _, s := range []teacherSpec{
			{username: "tch1", first: "علی", last: "کریمی", bio: "مدرس آیلتس", price: 400_000},
			{username: "tch2", first: "مریم", last: "کریمی", bio: "کلاس\u200cهای گفت\u200cوگو", price: 300_000},
			{username: "tch3", first: "رضا", last: "کریمی\u200cنژاد", bio: "گرامر", price: 200_000},
			{username: "tch4", first: "سارا", last: "كريمي", bio: "زبان کودکان", price: 100_000}, // an Arabic keyboard's ye and kaf
			{username: "tch5", first: "Sara", last: "Ahmadi", bio: "شاگرد استاد علی بوده‌ام", price: 500_000},
			{username: "tch6", first: "مُحَمَّد", last: "رضائی", bio: "۱۲ سال تجربه", price: 600_000},
		} {
			addTeacher(t, db, s)
		}
		runSearchCases(t, db, []searchCase{
			{"Arabic ye finds Persian ye, the name before the bio", zabano.TeacherFilter{Query: "علي"}, "[tch1 tch5]"},
			{"Arabic kaf and ye find four", zabano.TeacherFilter{Query: "كريمي", Sort: "price"}, "[tch4 tch3 tch2 tch1]"},
			{"Persian letters find the one typed in Arabic", zabano.TeacherFilter{Query: "کریمی", Sort: "price"}, "[tch4 tch3 tch2 tch1]"},
			{"every word, in any order", zabano.TeacherFilter{Query: "کريمي  علی"}, "[tch1]"},
			{"the zero-width non-joiner typed", zabano.TeacherFilter{Query: "گفت\u200cوگو"}, "[tch2]"},
			{"the zero-width non-joiner left out", zabano.TeacherFilter{Query: "گفتوگو"}, "[tch2]"},
			{"a space for the zero-width non-joiner", zabano.TeacherFilter{Query: "گفت وگو"}, "[tch2]"},
			{"a name written with one", zabano.TeacherFilter{Query: "کریمی نژاد"}, "[tch3]"},
			{"short vowels in the name", zabano.TeacherFilter{Query: "محمد"}, "[tch6]"},
			{"short vowels in the query", zabano.TeacherFilter{Query: "مُحمّد"}, "[tch6]"},
			{"Latin digits find Persian ones", zabano.TeacherFilter{Query: "12 سال"}, "[tch6]"},
			{"Arabic-Indic digits too", zabano.TeacherFilter{Query: "١٢"}, "[tch6]"},
			{"Latin case", zabano.TeacherFilter{Query: "SARA"}, "[tch5]"},
			{"tatweel", zabano.TeacherFilter{Query: "آیلـــتس"}, "[tch1]"},
			{"two letters: no trigram, still found, the name first", zabano.TeacherFilter{Query: "عل"}, "[tch1 tch5]"},
			{"two letters in names", zabano.TeacherFilter{Query: "رض", Sort: "price"}, "[tch3 tch6]"},
			{"a short and a long word", zabano.TeacherFilter{Query: "رض نژاد"}, "[tch3]"},
			{"relevance asked for", zabano.TeacherFilter{Query: "علی", Sort: "relevance"}, "[tch1 tch5]"},
			{"an asked sort wins", zabano.TeacherFilter{Query: "علی", Sort: "experience"}, "[tch5 tch1]"},
			{"relevance without a query is newest first", zabano.TeacherFilter{Sort: "relevance", Limit: 2}, "[tch6 tch5]"},
			{"only marks is no query", zabano.TeacherFilter{Query: "\u200c\u0640", Limit: 1}, "[tch6]"},
			{"nobody", zabano.TeacherFilter{Query: "کریمیان"}, "[]"},
		})
		// The total counts every match past the page, alone and with another
		// filter, whether the page ranks the matches or walks an order.
		max := int64(500_000) // tch5's price: within it, yet no match
		for _, c := range []struct {
			f     zabano.TeacherFilter
			total int
		}{
			{zabano.TeacherFilter{Query: "کریمی", Limit: 1}, 4},
			{zabano.TeacherFilter{Query: "کریمی", PriceMax: &max, Limit: 1}, 4},
			{zabano.TeacherFilter{Query: "کریمی", PriceMax: &max, Sort: "price", Limit: 1}, 4},
			{zabano.TeacherFilter{Query: "عل کریمی", PriceMax: &max, Limit: 1}, 1},
		} {
			if got, total := found(t, db, c.f); total != c.total {
				t.Errorf("%+v: %s of %d, want %d in all", c.f, got, total, c.total)
			}
		}
	})
}

// TestSearchRelevance: the order by relevance is the matches of the name
// first, then the matches of the bio, newest first in each, through every
// page: a page may start in either tier or span both.
func TestSearchRelevance(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		for _, s := range []teacherSpec{ // oldest first
			{username: "name1", first: "Business", last: "Karimi", bio: "IELTS", price: 100_000},
			{username: "bio1", first: "Sara", last: "Nouri", bio: "English for business", price: 200_000},
			{username: "other", first: "Reza", last: "Amini", bio: "Grammar", price: 300_000},
			{username: "name2", first: "Maryam", last: "Businessman", bio: "Business letters", price: 400_000},
			{username: "bio2", first: "Ali", last: "Rezaei", bio: "business meetings", price: 500_000},
			{username: "bio3", first: "Nima", last: "Ahmadi", bio: "Speaking; business trips", price: 600_000},
		} {
			addTeacher(t, db, s)
		}
		max := int64(500_000)
		runSearchCases(t, db, []searchCase{
			{"names first, newest first in each", zabano.TeacherFilter{Query: "BUSINESS"}, "[name2 name1 bio3 bio2 bio1]"},
			{"a page within the names", zabano.TeacherFilter{Query: "business", Limit: 1, Offset: 1}, "[name1]"},
			{"a page across both", zabano.TeacherFilter{Query: "business", Limit: 2, Offset: 1}, "[name1 bio3]"},
			{"a page within the rest", zabano.TeacherFilter{Query: "business", Limit: 2, Offset: 3}, "[bio2 bio1]"},
			{"with a filter", zabano.TeacherFilter{Query: "business", PriceMax: &max}, "[name2 name1 bio2 bio1]"},
			{"two words, one in the name", zabano.TeacherFilter{Query: "business karimi"}, "[name1]"},
			{"two letters, a name first", zabano.TeacherFilter{Query: "bu ss"}, "[name2 name1 bio3 bio2 bio1]"},
		})
		// A page past the last has no teacher, and still the total.
		for _, c := range []struct {
			offset int
			want   string
		}{{3, "[bio2 bio1]"}, {5, "[]"}} {
			if got, total := found(t, db, zabano.TeacherFilter{Query: "business", Limit: 2, Offset: c.offset}); got != c.want || total != 5 {
				t.Errorf("offset %d: %s of %d, want %s of 5", c.offset, got, total, c.want)
			}
		}
	})
}

// TestSearchCountBound: a search counts its page's matches and five pages
// more (TeacherFilter.CountBound), and says when more match; the pages of
// its order do not change, and a list without a query counts every teacher.
func TestSearchCountBound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		// Oldest first: the name match ranks first, then the bios newest first.
		addTeacher(t, db, teacherSpec{username: "named", first: "Business", last: "Karimi", price: 100_000})
		for i := range 8 {
			addTeacher(t, db, teacherSpec{username: fmt.Sprint("bio", i), bio: "English for business", price: 200_000})
		}
		addTeacher(t, db, teacherSpec{username: "other", bio: "Grammar", price: 300_000})
		for _, c := range []struct {
			f     zabano.TeacherFilter
			page  string
			total int
			exact bool
		}{
			{zabano.TeacherFilter{Query: "business", Limit: 1}, "[named]", 6, false},
			{zabano.TeacherFilter{Query: "business", Limit: 1, Offset: 2}, "[bio6]", 8, false},
			{zabano.TeacherFilter{Query: "business", Limit: 1, Offset: 3}, "[bio5]", 9, true},
			{zabano.TeacherFilter{Query: "business", Limit: 2}, "[named bio7]", 9, true},
			// Words of two letters are matched by LIKE, and counted the same.
			{zabano.TeacherFilter{Query: "bu", Limit: 1, Offset: 1}, "[bio7]", 7, false},
			{zabano.TeacherFilter{Query: "business", Sort: "price", Limit: 1}, "[named]", 6, false},
			{zabano.TeacherFilter{Query: "business", Language: "eng", Limit: 1}, "[named]", 6, false},
			{zabano.TeacherFilter{Query: "business", Limit: 1, Offset: 20}, "[]", 9, true},
			{zabano.TeacherFilter{Limit: 1}, "[other]", 10, true},
		} {
			list, total, exact, err := db.FindTeachers(ctx, c.f)
			if err != nil {
				t.Fatal(err)
			}
			var page []string
			for _, p := range list {
				page = append(page, p.User.Username)
			}
			if got := fmt.Sprint(page); got != c.page || total != c.total || exact != c.exact {
				t.Errorf("%+v: %s, %d (exact %v), want %s, %d (exact %v)", c.f, got, total, exact, c.page, c.total, c.exact)
			}
		}
	})
}

// TestOptimizeMergesSearchSegments: every profile written adds a segment to
// the search's FTS5 indexes, and Optimize merges them into one (SQLite).
func TestOptimizeMergesSearchSegments(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	for i := range 3 {
		addTeacher(t, db, teacherSpec{username: fmt.Sprint("t", i), first: "Sara", bio: "English for business", price: 100_000})
	}
	for _, index := range []string{"teacher_search", "teacher_names"} {
		if n, err := db.SearchSegments(ctx, index); err != nil || n < 3 {
			t.Fatalf("%s: %d segments before (%v)", index, n, err)
		}
	}
	if err := db.Optimize(ctx); err != nil {
		t.Fatal(err)
	}
	for _, index := range []string{"teacher_search", "teacher_names"} {
		if n, err := db.SearchSegments(ctx, index); err != nil || n != 1 {
			t.Fatalf("%s: %d segments after (%v)", index, n, err)
		}
	}
	if got, total := found(t, db, zabano.TeacherFilter{Query: "sara business"}); got != "[t2 t1 t0]" || total != 3 {
		t.Fatalf("found %s of %d after the merge", got, total)
	}
}

// TestSearchMigration: migration 00021 and the Open after it write the
// search texts of existing teachers with NormalizeSearch, so a Persian
// query finds a name typed on an Arabic keyboard before the migration.
func TestSearchMigration(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			db := migrated(t, dialect, 20,
				`INSERT INTO users (id, role, username, phone, first_name, last_name, bio, password_hash, created_at)
				VALUES (1, 'teacher', 'ali', '09120000001', 'علي', 'كريمي', 'مدرّس', 'x', 1000)`,
				`INSERT INTO users (id, role, username, phone, password_hash, created_at, deleted_at)
				VALUES (2, 'teacher', 'deleted-2', 'deleted-2', 'x', 1000, 2000)`,
				`INSERT INTO teacher_profiles (user_id, search, price_per_hour, bookable, listed)
				VALUES (1, 'علي كريمي ali مدرّس', 100000, TRUE, TRUE), (2, '', 100000, TRUE, FALSE)`,
			)
			for _, q := range []string{"علی کریمی", "کریمی", "مدرس", "عل"} {
				if got, _ := found(t, db, zabano.TeacherFilter{Query: q}); got != "[ali]" {
					t.Errorf("%q found %s", q, got)
				}
			}
			// The deleted account's search text stays empty.
			if err := db.Exec(ctx, `UPDATE teacher_profiles SET listed = TRUE WHERE user_id = 2`); err != nil {
				t.Fatal(err)
			}
			if got, _ := found(t, db, zabano.TeacherFilter{Query: "deleted"}); got != "[]" {
				t.Errorf("a deleted account found: %s", got)
			}
		})
	}
}

// TestTeacherFilters: price, trial, rating and free-slot filters, alone and
// together; days and parts of the day are the student's time zone's.
func TestTeacherFilters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		// Saturday 2026-11-21, 11:30 in Tehran.
		clock := storetest.NewClock(time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		tehran, _ := time.LoadLocation("Asia/Tehran")
		berlin, _ := time.LoadLocation("Europe/Berlin")
		teachers := map[string]*zabano.User{}
		for _, s := range []teacherSpec{
			{username: "ali", price: 200_000, trial: 100_000},
			{username: "bita", price: 300_000},
			{username: "cyrus", price: 500_000, trial: 50_000},
			{username: "dara", price: 150_000},
			{username: "erik", price: 250_000},
		} {
			s.first, s.bio = s.username, "teacher"
			teachers[s.username] = addTeacher(t, db, s)
		}
		rate := func(name string, n int, sum int64) {
			if err := db.Exec(ctx, `UPDATE teacher_profiles SET review_count = ?, rating_sum = ? WHERE user_id = ?`, n, sum, teachers[name].ID); err != nil {
				t.Fatal(err)
			}
		}
		rate("ali", 2, 10)  // 5
		rate("bita", 1, 3)  // 3
		rate("dara", 2, 9)  // 4.5
		rate("erik", 3, 13) // 4.33
		open := func(name string, starts ...time.Time) []zabano.Slot {
			var slots []zabano.Slot
			for _, s := range starts {
				slots = append(slots, zabano.Slot{Start: s, End: s.Add(time.Hour)})
			}
			created, _, err := db.CreateSlots(ctx, teachers[name].ID, slots, zabano.DefaultMaxFreeSlots)
			if err != nil || len(created) != len(slots) {
				t.Fatalf("slots of %s: %v", name, err)
			}
			return created
		}
		at := func(loc *time.Location, y int, m time.Month, d, h, min int) time.Time {
			return time.Date(y, m, d, h, min, 0, 0, loc)
		}
		open("ali", at(tehran, 2026, 11, 21, 14, 0)) // Saturday afternoon, in 2.5 hours
		// Monday morning; and a Saturday evening that is booked, and one past.
		open("bita", at(tehran, 2026, 11, 23, 8, 0), at(tehran, 2026, 11, 21, 19, 0))
		if err := db.Exec(ctx, `UPDATE slots SET booked = TRUE WHERE start_at = ?`, at(tehran, 2026, 11, 21, 19, 0).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		if err := db.Exec(ctx, `INSERT INTO slots (teacher_id, start_at, end_at, created_at) VALUES (?, ?, ?, 0)`,
			teachers["bita"].ID, at(tehran, 2026, 11, 21, 9, 0).UnixMilli(), at(tehran, 2026, 11, 21, 10, 0).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		// Night: 02:00 on Saturday the 28th (a Saturday's), 22:00 on Friday 4 December.
		open("cyrus", at(tehran, 2026, 11, 28, 2, 0), at(tehran, 2026, 12, 4, 22, 0))
		// Monday 5 April 2027, 12:30 in Berlin on summer time (10:30 UTC, 14:00 in Tehran).
		open("erik", at(berlin, 2027, 4, 5, 12, 30))

		price := func(n int64) *int64 { return &n }
		rating := func(r float64) *float64 { return &r }
		in := func(loc *time.Location, f zabano.TeacherFilter) zabano.TeacherFilter {
			f.Location = loc
			return f
		}
		days := func(d ...time.Weekday) []time.Weekday { return d }
		parts := func(p ...zabano.DayPart) []zabano.DayPart { return p }
		runSearchCases(t, db, []searchCase{
			{"all, newest first", zabano.TeacherFilter{}, "[erik dara cyrus bita ali]"},
			{"lowest price", zabano.TeacherFilter{PriceMin: price(200_000), Sort: "price"}, "[ali erik bita cyrus]"},
			{"highest price", zabano.TeacherFilter{PriceMax: price(200_000), Sort: "price"}, "[dara ali]"},
			{"price range", zabano.TeacherFilter{PriceMin: price(200_000), PriceMax: price(300_000), Sort: "price"}, "[ali erik bita]"},
			{"one price", zabano.TeacherFilter{PriceMin: price(300_000), PriceMax: price(300_000)}, "[bita]"},
			{"trial", zabano.TeacherFilter{Trial: true}, "[cyrus ali]"},
			{"rating 4.5 and up, the unrated left out", zabano.TeacherFilter{RatingMin: rating(4.5), Sort: "rating"}, "[ali dara]"},
			{"rating 3 and up", zabano.TeacherFilter{RatingMin: rating(3)}, "[erik dara bita ali]"},
			{"rating 0 asks nothing", zabano.TeacherFilter{RatingMin: rating(0)}, "[erik dara cyrus bita ali]"},
			{"Saturday: a booked or past slot is not free", in(tehran, zabano.TeacherFilter{Days: days(time.Saturday)}), "[cyrus ali]"},
			{"Monday", in(tehran, zabano.TeacherFilter{Days: days(time.Monday)}), "[erik bita]"},
			{"Saturday or Monday", in(tehran, zabano.TeacherFilter{Days: days(time.Monday, time.Saturday)}), "[erik cyrus bita ali]"},
			{"Friday", in(tehran, zabano.TeacherFilter{Days: days(time.Friday)}), "[cyrus]"},
			{"Sunday", in(tehran, zabano.TeacherFilter{Days: days(time.Sunday)}), "[]"},
			{"morning in Tehran", in(tehran, zabano.TeacherFilter{Parts: parts(zabano.Morning)}), "[bita]"},
			{"afternoon in Tehran", in(tehran, zabano.TeacherFilter{Parts: parts(zabano.Afternoon)}), "[erik ali]"},
			{"evening in Tehran", in(tehran, zabano.TeacherFilter{Parts: parts(zabano.Evening)}), "[]"},
			{"night in Tehran", in(tehran, zabano.TeacherFilter{Parts: parts(zabano.Night)}), "[cyrus]"},
			{"morning or night", in(tehran, zabano.TeacherFilter{Parts: parts(zabano.Morning, zabano.Night)}), "[cyrus bita]"},
			{"afternoon in UTC", in(time.UTC, zabano.TeacherFilter{Parts: parts(zabano.Afternoon)}), "[]"},
			{"morning in UTC", in(time.UTC, zabano.TeacherFilter{Parts: parts(zabano.Morning)}), "[erik ali]"},
			{"evening in UTC: Friday 18:30", in(time.UTC, zabano.TeacherFilter{Parts: parts(zabano.Evening)}), "[cyrus]"},
			{"afternoon in Berlin, on summer time", in(berlin, zabano.TeacherFilter{Parts: parts(zabano.Afternoon)}), "[erik]"},
			{"morning in Berlin, on winter time", in(berlin, zabano.TeacherFilter{Parts: parts(zabano.Morning)}), "[ali]"},
			{"Saturday night", in(tehran, zabano.TeacherFilter{Days: days(time.Saturday), Parts: parts(zabano.Night)}), "[cyrus]"},
			{"Saturday afternoon", in(tehran, zabano.TeacherFilter{Days: days(time.Saturday), Parts: parts(zabano.Afternoon)}), "[ali]"},
			{"Saturday in UTC is Friday in Tehran's night", in(time.UTC, zabano.TeacherFilter{Days: days(time.Saturday)}), "[ali]"},
			{"within a day", zabano.TeacherFilter{Within: 1}, "[ali]"},
			{"within 7 days", zabano.TeacherFilter{Within: 7}, "[cyrus bita ali]"},
			{"within 7 days, Saturday night", in(tehran, zabano.TeacherFilter{Within: 7, Days: days(time.Saturday), Parts: parts(zabano.Night)}), "[cyrus]"},
			{"within a day, Saturday night", in(tehran, zabano.TeacherFilter{Within: 1, Days: days(time.Saturday), Parts: parts(zabano.Night)}), "[]"},
			{"within 7 days, on a Friday (12-4 is beyond)", in(tehran, zabano.TeacherFilter{Within: 7, Days: days(time.Friday)}), "[]"},
			{"trial and price", zabano.TeacherFilter{Trial: true, PriceMax: price(300_000)}, "[ali]"},
			{"trial on Monday", in(tehran, zabano.TeacherFilter{Trial: true, Days: days(time.Monday)}), "[]"},
			{"everything at once", in(tehran, zabano.TeacherFilter{Trial: true, RatingMin: rating(4), Within: 7, PriceMin: price(100_000),
				PriceMax: price(250_000), Days: days(time.Saturday), Parts: parts(zabano.Afternoon), Query: "ali", Sort: "price"}), "[ali]"},
			{"filters and a page", zabano.TeacherFilter{PriceMin: price(200_000), Sort: "price", Limit: 2, Offset: 1}, "[erik bita]"},
		})
		if _, total := found(t, db, zabano.TeacherFilter{PriceMin: price(200_000), Limit: 1}); total != 4 {
			t.Fatalf("total of a filtered page: %d", total)
		}
		// Each card carries its own teacher's free slots, soonest first: not
		// bita's booked or past one, none for dara.
		cards, _, _, err := db.FindTeachers(ctx, zabano.TeacherFilter{Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		var slots []string
		for _, p := range cards {
			s := fmt.Sprintf("%s %d", p.User.Username, p.FreeSlots)
			for _, n := range p.NextSlots {
				s += " " + n.Start.In(tehran).Format("01-02T15:04")
			}
			slots = append(slots, s)
		}
		if got := strings.Join(slots, ", "); got != "erik 1 04-05T14:00, dara 0, cyrus 2 11-28T02:00 12-04T22:00, bita 1 11-23T08:00, ali 1 11-21T14:00" {
			t.Fatalf("cards' slots: %s", got)
		}
		// The clock moves past ali's slot: the next 7 days start later.
		clock.Add(3 * time.Hour)
		if got, _ := found(t, db, zabano.TeacherFilter{Within: 7}); got != "[cyrus bita]" {
			t.Fatalf("within 7 days, 3 hours later: %s", got)
		}
	})
}

// TestSavedTeachers: a student saves listed teachers only, once however
// often, sees only their own under saved, takes marks off, and loses them
// with their account.
func TestSavedTeachers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		a := addTeacher(t, db, teacherSpec{username: "ali", price: 100_000})
		b := addTeacher(t, db, teacherSpec{username: "bita", price: 100_000})
		db.TeacherReview = true
		pending := addTeacher(t, db, teacherSpec{username: "cyrus", price: 100_000}) // waits for review: not listed
		db.TeacherReview = false
		sara := mustUser(t, db, "sara", zabano.RoleStudent)
		nima := mustUser(t, db, "nima", zabano.RoleStudent)

		for _, tc := range []struct {
			student, teacher int64
			want             string
		}{
			{sara.ID, a.ID, ""}, {sara.ID, a.ID, ""}, // twice is once
			{sara.ID, pending.ID, zabano.ENOTFOUND}, {sara.ID, nima.ID, zabano.ENOTFOUND}, {sara.ID, 9999, zabano.ENOTFOUND},
			{nima.ID, b.ID, ""},
		} {
			if err := db.SaveTeacher(ctx, tc.student, tc.teacher); tc.want == "" && err != nil || tc.want != "" && zabano.ErrorCode(err) != tc.want {
				t.Fatalf("save %d for %d: %v, want %q", tc.teacher, tc.student, err, tc.want)
			}
		}
		if n, _ := db.Count(ctx, "saved_teachers"); n != 2 {
			t.Fatalf("%d saved rows", n)
		}
		if got, _ := found(t, db, zabano.TeacherFilter{SavedBy: sara.ID}); got != "[ali]" {
			t.Fatalf("sara's saved: %s", got)
		}
		if got, _ := found(t, db, zabano.TeacherFilter{SavedBy: nima.ID, Query: "bita"}); got != "[bita]" {
			t.Fatalf("nima's saved: %s", got)
		}
		if got, _ := found(t, db, zabano.TeacherFilter{SavedBy: nima.ID, Query: "ali"}); got != "[]" {
			t.Fatalf("nima's saved ali: %s", got)
		}
		saved, err := db.SavedTeachers(ctx, sara.ID)
		if err != nil || len(saved) != 1 || !saved[a.ID] {
			t.Fatalf("sara's saved teachers: %v %v", saved, err)
		}
		if saved, err := db.SavedTeachers(ctx, pending.ID); err != nil || len(saved) != 0 {
			t.Fatalf("one who saved none: %v %v", saved, err)
		}

		for _, tc := range []struct {
			teacher int64
			want    string
		}{{a.ID, ""}, {a.ID, ""}, {b.ID, ""}, {pending.ID, zabano.ENOTFOUND}} {
			if err := db.UnsaveTeacher(ctx, sara.ID, tc.teacher); tc.want == "" && err != nil || tc.want != "" && zabano.ErrorCode(err) != tc.want {
				t.Fatalf("unsave %d: %v, want %q", tc.teacher, err, tc.want)
			}
		}
		if got, _ := found(t, db, zabano.TeacherFilter{SavedBy: sara.ID}); got != "[]" {
			t.Fatalf("sara's saved after unsaving: %s", got)
		}
		if got, _ := found(t, db, zabano.TeacherFilter{SavedBy: nima.ID}); got != "[bita]" {
			t.Fatalf("sara's unsave took nima's: %s", got)
		}
		// A mark on a teacher no longer listed can still be taken off.
		if err := db.SaveTeacher(ctx, sara.ID, b.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.Exec(ctx, `UPDATE teacher_profiles SET listed = FALSE WHERE user_id = ?`, b.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.UnsaveTeacher(ctx, sara.ID, b.ID); err != nil {
			t.Fatalf("unsave an unlisted teacher: %v", err)
		}
		if err := db.Exec(ctx, `UPDATE teacher_profiles SET listed = TRUE WHERE user_id = ?`, b.ID); err != nil {
			t.Fatal(err)
		}

		// Deleting an account takes the student's marks, and those on a teacher.
		if err := db.SaveTeacher(ctx, sara.ID, a.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.SaveTeacher(ctx, nima.ID, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DeleteAccount(ctx, sara.ID); err != nil {
			t.Fatal(err)
		}
		if saved, _ := db.SavedTeachers(ctx, sara.ID); len(saved) != 0 {
			t.Fatalf("a deleted student's marks: %v", saved)
		}
		if saved, _ := db.SavedTeachers(ctx, nima.ID); len(saved) != 2 {
			t.Fatalf("nima's marks after sara left: %v", saved)
		}
		if _, err := db.DeleteAccount(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if saved, _ := db.SavedTeachers(ctx, nima.ID); len(saved) != 1 || !saved[b.ID] {
			t.Fatalf("nima's marks after ali left: %v", saved)
		}
	})
}

// TestListedIndexes: a list filtered by a language alone, or by words
// alone, is counted from an index of listed, bookable teachers (migration
// 00024). Those indexes follow every change of who is listed and of what
// they teach, and a count matches its page.
func TestListedIndexes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ops := mustUser(t, db, "ops", zabano.RoleAdmin)
		teach := func(u *zabano.User, langs ...string) {
			t.Helper()
			entries := []zabano.LanguageLevels{}
			for _, l := range langs {
				entries = append(entries, zabano.LanguageLevels{Language: l, Levels: []zabano.Level{1}, RegularPrice: 200_000})
			}
			if _, _, err := db.UpdateTeacherProfile(ctx, u.ID, &zabano.TeacherUpdate{LanguageLevels: &entries}); err != nil {
				t.Fatal(err)
			}
		}
		ali := addTeacher(t, db, teacherSpec{username: "ali", bio: "Business English", price: 200_000})
		bita := addTeacher(t, db, teacherSpec{username: "bita", bio: "Business French", price: 300_000})
		teach(bita, "French", "German")
		// "an" is in German, Italian, Japanese, Korean and Spanish: bita
		// teaches two of them and counts once.
		filters := []zabano.TeacherFilter{{Language: "eng", Sort: "price"}, {Language: "an", Sort: "price"}, {Query: "business", Sort: "price"}}
		check := func(step string, want ...string) {
			t.Helper()
			for i, f := range filters {
				got, total := found(t, db, f)
				n := len(strings.Fields(strings.Trim(want[i], "[]")))
				if got != want[i] || total != n {
					t.Errorf("%s: %+v found %s, %d in all; want %s", step, f, got, total, want[i])
				}
			}
		}
		check("listed", "[ali]", "[bita]", "[ali bita]")
		teach(ali, "Spanish")
		check("ali teaches Spanish", "[]", "[ali bita]", "[ali bita]")
		if _, err := db.SuspendUser(ctx, ops.ID, ali.ID, "spam"); err != nil {
			t.Fatal(err)
		}
		check("ali suspended", "[]", "[bita]", "[bita]")
		if _, err := db.UnsuspendUser(ctx, ops.ID, ali.ID); err != nil {
			t.Fatal(err)
		}
		check("ali back", "[]", "[ali bita]", "[ali bita]")
		teach(ali, "English", "Spanish")
		check("ali teaches English too", "[ali]", "[ali bita]", "[ali bita]")
		teach(bita)
		check("bita offers no level: not bookable", "[ali]", "[ali]", "[ali]")
		if _, err := db.DeleteAccount(ctx, ali.ID); err != nil {
			t.Fatal(err)
		}
		check("ali deleted", "[]", "[]", "[]")
	})
}

// TestListedIndexesMigration: migration 00024 indexes the teachers listed
// before it, and them alone.
func TestListedIndexesMigration(t *testing.T) {
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			db := migrated(t, dialect, 23,
				`INSERT INTO users (id, role, username, phone, password_hash, created_at)
				VALUES (1, 'teacher', 'ali', '09120000001', 'x', 1000), (2, 'teacher', 'bita', '09120000002', 'x', 1000),
				(3, 'teacher', 'cyrus', '09120000003', 'x', 1000)`,
				`INSERT INTO teacher_profiles (user_id, search, search_name, languages, price_per_hour, bookable, listed) VALUES
				(1, 'ali business', 'ali', 'English,German', 100000, TRUE, TRUE),
				(2, 'bita business', 'bita', 'English', 100000, TRUE, FALSE),
				(3, 'cyrus business', 'cyrus', 'German', 100000, FALSE, TRUE)`,
			)
			for _, f := range []zabano.TeacherFilter{{Language: "english"}, {Language: "german"}, {Query: "business"}} {
				if got, total := found(t, db, f); got != "[ali]" || total != 1 {
					t.Errorf("%+v found %s, %d in all", f, got, total)
				}
			}
		})
	}
}
