package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/media"
	"github.com/zabano/zabano/sqlstore"
)

// seedPassword is the password of every demo account but the operator's,
// which must be longer.
const (
	seedPassword         = "zabano-demo"
	seedOperatorPassword = "zabano-operator"
)

var (
	firstNames = []string{"مریم", "علی", "سارا", "رضا", "نگار", "امید", "بیتا", "کوروش", "نیلوفر", "حامد", "پریسا", "آرش", "Sophie", "Daniel", "Elena", "Marco"}
	lastNames  = []string{"احمدی", "کریمی", "رضایی", "محمدی", "حسینی", "صادقی", "نوری", "تهرانی", "Martin", "Rossi", "Schmidt", "García"}
	bios       = []string{
		"مدرس آیلتس با %d سال تجربه؛ کلاس‌های گفت‌وگومحور و آمادگی آزمون.",
		"آموزش زبان برای سفر و کار، با تمرکز بر مکالمهٔ روزمره. %d سال سابقهٔ تدریس.",
		"Certified teacher with %d years of experience: grammar, speaking and exam preparation.",
		"زبان کودکان و نوجوانان با بازی و داستان؛ %d سال تجربه.",
		"Business English and interview practice, %d years with professionals.",
	}
)

// seed fills an empty database with a believable demo marketplace; with
// its larger flags, with the marketplace make bench measures.
func seed(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var nTeachers, nStudents, slotsPerTeacher, nBookings int
	var wallet int64
	var photos, reviews, series, reschedule, history, people, money, saved bool
	c, err := parseConfig("seed", args, getenv, stdout, stderr, "", func(fs *flag.FlagSet) {
		fs.IntVar(&nTeachers, "teachers", 40, "teachers to create")
		fs.IntVar(&nStudents, "students", 20, "students to create")
		fs.IntVar(&slotsPerTeacher, "slots-per-teacher", demoWeeks*7*slotsPerDay, "free one-hour slots each teacher opens from tomorrow, 08:00 to 20:00 in their time zone: two weeks full by default")
		fs.IntVar(&nBookings, "bookings", 0, "classes the students book among those slots, paid from their wallets")
		fs.Int64Var(&wallet, "wallet", 0, "Toman each student's wallet holds after those bookings")
		fs.BoolVar(&photos, "photos", true, "draw a profile photo for each teacher; -photos=false for large seeds")
		fs.BoolVar(&reviews, "reviews", true, "give two teachers of three rated classes of the last 25 days, and the demo one open problem report")
		fs.BoolVar(&series, "series", true, "give student1 a weekly series with teacher1 and a trial class with teacher2")
		fs.BoolVar(&reschedule, "reschedule", true, "give student1 a class with teacher1 whose teacher proposes another time")
		fs.BoolVar(&history, "history", true, "give student1 and teacher1 classes done, cancelled and coming (one to join now), a chat, materials, study notes and top-ups")
		fs.BoolVar(&people, "people", true, "give the operator a teacher waiting for review, a rejected one and a suspended student")
		fs.BoolVar(&saved, "saved", true, "give student1 two saved teachers, teacher1 and teacher3")
		fs.BoolVar(&money, "money", true, "give the operator's console a dispute between student2 and teacher2, a waiting and a paid withdrawal of teacher2's, and a payment of student2's to verify again")
	})
	if err != nil {
		return err
	}
	if maxSlots := slotsPerDay * 7 * zabano.MaxBuilderWeeks; slotsPerTeacher < 0 || slotsPerTeacher > maxSlots {
		return fmt.Errorf("-slots-per-teacher must be 0 to %d", maxSlots)
	}
	if nBookings < 0 || nBookings > nTeachers*slotsPerTeacher || nBookings > 0 && nStudents == 0 {
		return fmt.Errorf("-bookings must be 0 to the number of slots, and needs students")
	}
	db, err := openDB(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	if empty, err := db.IsEmpty(ctx); err != nil {
		return err
	} else if !empty {
		fmt.Fprintln(stdout, "the database already has users: nothing seeded")
		return nil
	}
	hash, err := zabano.HashPassword(seedPassword)
	if err != nil {
		return err
	}
	store, err := openMedia(ctx, c)
	if err != nil {
		return err
	}
	rnd := rand.New(rand.NewPCG(1, 2)) // the same marketplace every time
	pick := func(list []string) string { return list[rnd.IntN(len(list))] }

	teachers := make([]*zabano.TeacherProfile, nTeachers)
	for i := range teachers {
		years := 1 + rnd.IntN(20)
		var photo string
		if photos {
			if photo, _, err = media.Save(ctx, store, media.Photo, "avatar.png", bytes.NewReader(avatar(rnd))); err != nil {
				return err
			}
		}
		p := &zabano.TeacherProfile{
			User: zabano.User{
				Role: zabano.RoleTeacher, Username: fmt.Sprintf("teacher%d", i+1), Phone: fmt.Sprintf("0910%07d", i+1),
				FirstName: pick(firstNames), LastName: pick(lastNames), Bio: fmt.Sprintf(pick(bios), years),
				Photo: photo, PasswordHash: hash,
			},
			ExperienceYears: years, TimeZone: zabano.DefaultTimeZone, WPTeacherID: fmt.Sprint(1000 + i + 1),
			Education: "Applied Linguistics", TeachingStyle: "Communicative",
		}
		for _, lang := range distinct(rnd, zabano.TeacherLanguages, 1+rnd.IntN(3)) {
			price := int64(100_000 + 10_000*rnd.IntN(40))
			from := 1 + rnd.IntN(4)
			for level := from; level <= min(6, from+1+rnd.IntN(3)); level++ {
				p.Levels = append(p.Levels, zabano.LevelPrice{Language: lang, Level: zabano.Level(level), RegularPrice: price, ExamPrice: price + 50_000})
			}
		}
		p.PricePerHour = p.Levels[0].RegularPrice
		p.TestSessionPrice = p.PricePerHour / 2
		teachers[i] = p
	}
	spellForSearch(teachers)
	students := make([]*zabano.User, nStudents)
	for i := range students {
		students[i] = &zabano.User{
			Role: zabano.RoleStudent, Username: fmt.Sprintf("student%d", i+1), Phone: fmt.Sprintf("0911%07d", i+1),
			FirstName: pick(firstNames), LastName: pick(lastNames), PasswordHash: hash,
		}
	}
	if err := db.Seed(ctx, teachers, students); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "seeded %d teachers (teacher1...) and %d students (student1...), password %q\n", len(teachers), len(students), seedPassword)
	operator, err := zabano.NewOperator("operator", "09190000001", seedOperatorPassword)
	if err != nil {
		return err
	}
	if err := db.CreateOperator(ctx, operator); err != nil {
		return err
	}
	if saved && len(students) > 0 {
		n, err := seedSaved(ctx, db, teachers, students[0])
		if err != nil {
			return err
		}
		saved = n > 0
		fmt.Fprintf(stdout, "seeded %d saved teachers of student1\n", n)
	}
	if people {
		var photo string
		if photos {
			// A generator of its own leaves the marketplace's the same.
			if photo, _, err = media.Save(ctx, store, media.Photo, "avatar.png", bytes.NewReader(avatar(rand.New(rand.NewPCG(3, 4))))); err != nil {
				return err
			}
		}
		if err := seedPeople(ctx, db, operator, hash, photo); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "seeded %s waiting for review, %s rejected and %s suspended\n", seedPendingTeacher, seedRejectedTeacher, seedSuspendedStudent)
	}
	if reviews {
		n, err := seedReviews(ctx, db, teachers, students, rnd, time.Now(), c.meetingURL)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "seeded %d rated classes\n", n)
		if err := seedProblem(ctx, db, teachers, students, time.Now(), c); err != nil {
			return err
		}
	}
	// The seed books as the API does, so its classes are like any other.
	svc := &zabano.Bookings{Store: db, MeetingURL: c.meetingURL, MaxFreeSlots: c.maxFreeSlots, FreeCancel: c.freeCancel, Now: time.Now}
	// The free slots come first, so the classes below, opened through the
	// booking service, are refused if they overlap them.
	if slotsPerTeacher > 0 || wallet > 0 {
		slots, err := openSlots(teachers, slotsPerTeacher, time.Now())
		if err != nil {
			return err
		}
		if err := db.SeedSlots(ctx, slots); err != nil {
			return err
		}
		bookings, costs := bookSlots(teachers, students, slots, nBookings)
		topUps := make(map[int64]int64, len(students))
		for _, s := range students {
			if amount := costs[s.ID] + wallet; amount > 0 {
				topUps[s.ID] = amount
			}
		}
		if err := payInParallel(ctx, db, svc, topUps, bookings, 16); err != nil {
			return err
		}
		if err := db.VacuumSeed(ctx); err != nil {
			return err
		}
		if nBookings > 0 || wallet > 0 {
			fmt.Fprintf(stdout, "seeded %d slots and %d bookings; each student's wallet holds %d Toman after them\n", len(slots), len(bookings), wallet)
		} else {
			fmt.Fprintf(stdout, "seeded %d free slots: %d a teacher, from 08:00 tomorrow in their time zone\n", len(slots), slotsPerTeacher)
		}
	}
	if series && len(students) > 0 {
		n, err := seedSeries(ctx, db, svc, teachers, students[0], time.Now())
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "seeded %d classes of student1: a weekly series and a trial\n", n)
	}
	if reschedule && len(students) > 0 {
		if err := seedReschedule(ctx, db, svc, teachers[0], students[0], time.Now()); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "seeded a class of student1 with teacher1, who proposes another time")
	}
	if history && len(students) > 0 {
		if err := seedHistory(ctx, db, store, teachers[0], students[0], time.Now(), c); err != nil {
			return err
		}
		if err := seedChatFile(ctx, db, store, teachers[0], students[0], time.Now()); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "seeded the history of student1 with teacher1: classes, a chat (with an image), materials, notes and top-ups")
	}
	if money && len(students) > 1 && len(teachers) > 1 {
		if err := seedMoney(ctx, db, teachers, students, operator, time.Now(), c); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "seeded the operator's work: a dispute of student2 with teacher2, teacher2's withdrawals (one waiting) and student2's payment to verify again")
	} else {
		money = false
	}
	read, unread, err := seedNotifications(ctx, db, teachers, students, time.Now())
	if err != nil {
		return err
	}
	if read+unread > 0 {
		fmt.Fprintf(stdout, "seeded the notifications of student1 and teacher1: %d read, %d unread, and the reminders to come\n", read, unread)
	}
	if len(students) > 0 {
		printAccounts(stdout, slotsPerTeacher > 0, reviews, series, reschedule, history, people, money, saved, len(teachers))
	}
	return nil
}

// demoWeeks is how far ahead the demo's teachers are free by default.
const demoWeeks = 2

// printAccounts tells who to sign in as, and what each shows, by the parts seeded.
func printAccounts(w io.Writer, slots, reviews, series, reschedule, history, people, money, saved bool, nTeachers int) {
	var student, teacher []string
	if history {
		student = append(student, "classes done, cancelled and coming (one opens to join now)", "a chat with teacher1", "materials", "study notes", "a wallet with top-ups and class payments")
		teacher = append(teacher, "the same classes and chat", "their materials", "earnings")
	}
	if series {
		student = append(student, "a weekly series", "a trial with teacher2")
		teacher = append(teacher, "a weekly series")
	}
	if reschedule {
		student = append(student, "teacher1's proposal of another time to answer")
		teacher = append(teacher, "a proposal of another time awaiting the student")
	}
	if reviews {
		student = append(student, "a problem report on teacher3's class")
		teacher = append(teacher, "reviews")
	}
	if saved {
		student = append(student, "saved teachers (the heart on a card, the saved filter)")
	}
	fmt.Fprintf(w, "\ntry it: sign in with password %q as\n", seedPassword)
	fmt.Fprintf(w, "  student1  %s\n  teacher1  %s\n", strings.Join(student, "; "), strings.Join(teacher, "; "))
	fmt.Fprintln(w, "  their texts and emails land in the dev outboxes: /api/dev/sms-outbox/ and /api/dev/mail-outbox/")
	fmt.Fprintf(w, "  operator  at /login?role=admin with password %q, then the code in the dev SMS outbox\n", seedOperatorPassword)
	if money {
		fmt.Fprintln(w, "            a dispute to decide, a withdrawal to pay, a payment to verify again (commission 0%)")
	}
	if people {
		fmt.Fprintf(w, "  %s  a teacher waiting for the operator's review\n", seedPendingTeacher)
		fmt.Fprintf(w, "  %s  a teacher the operator rejected, with the reason on their profile, who may ask again\n", seedRejectedTeacher)
		fmt.Fprintf(w, "  %s  a student the operator suspended: signing in shows the reason\n", seedSuspendedStudent)
	}
	if slots {
		fmt.Fprintln(w, "  any student may book the teachers' free hours of the coming days")
	}
	for _, s := range searchSpellings {
		if s.teacher < nTeachers {
			fmt.Fprintf(w, "  teacher%d's name is typed as %s %s: search for it as a Persian keyboard types it\n", s.teacher+1, s.first, s.last)
		}
	}
}

// slotsPerDay is how many one-hour slots a seeded teacher opens a day: 08:00 to 20:00.
const slotsPerDay = 12

// openSlots makes n one-hour slots for each teacher, every day from the day
// after now, 08:00 to 20:00 in the teacher's time zone, as the Smart Builder
// would.
func openSlots(teachers []*zabano.TeacherProfile, n int, now time.Time) ([]zabano.Slot, error) {
	if n == 0 {
		return nil, nil
	}
	slots := make([]zabano.Slot, 0, n*len(teachers))
	for _, p := range teachers {
		loc, err := time.LoadLocation(p.TimeZone)
		if err != nil {
			return nil, err
		}
		y, m, d := now.In(loc).Date()
		plan := zabano.BulkPlan{
			Weeks: (n + 7*slotsPerDay - 1) / (7 * slotsPerDay),
			Days:  []time.Weekday{time.Sunday, time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday},
			From:  8 * 60, To: 20 * 60, Duration: 60,
			StartDate: time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC),
			Location:  loc,
		}
		for _, s := range plan.Slots()[:n] {
			s.TeacherID = p.User.ID
			slots = append(slots, s)
		}
	}
	return slots, nil
}

// bookSlots picks n of slots (grouped by teacher) for the students to book
// at their teacher's first level, spread evenly: booking k is student k mod
// len(students)'s, in the k-th of n equal runs of slots, shifted by the
// student's round so that one student's classes fall at different hours.
// It returns the bookings and what each student's classes cost.
func bookSlots(teachers []*zabano.TeacherProfile, students []*zabano.User, slots []zabano.Slot, n int) ([]zabano.NewBooking, map[int64]int64) {
	if n == 0 {
		return nil, nil
	}
	levels := make(map[int64]zabano.LevelPrice, len(teachers))
	for _, p := range teachers {
		levels[p.User.ID] = p.Levels[0]
	}
	run := len(slots) / n
	bookings := make([]zabano.NewBooking, n)
	costs := make(map[int64]int64, len(students))
	for k := range bookings {
		student := students[k%len(students)].ID
		slot := slots[k*run+k/len(students)%run]
		level := levels[slot.TeacherID]
		bookings[k] = zabano.NewBooking{StudentID: student, SlotID: slot.ID, LevelPriceID: level.ID}
		costs[student] += level.RegularPrice
	}
	return bookings, costs
}

// payInParallel tops up the students' wallets and books their classes in
// n groups of students at once, each group in a transaction for its top-ups
// and then one booking at a time through svc, as the API books. The groups'
// ledger accounts are their own, but gateway clearing, which every top-up
// credits from, is locked by each top-up transaction until it ends: so
// top-ups are short transactions apart from the bookings. PostgreSQL works
// on the groups side by side, which matters when each statement waits for a
// busy machine to schedule the database; SQLite's one writer takes them in turn.
func payInParallel(ctx context.Context, db *sqlstore.DB, svc *zabano.Bookings, topUps map[int64]int64, bookings []zabano.NewBooking, n int) error {
	type group struct {
		topUps   map[int64]int64
		bookings []zabano.NewBooking
	}
	groups := make([]group, n)
	for i := range groups {
		groups[i].topUps = map[int64]int64{}
	}
	for student, amount := range topUps {
		groups[student%int64(n)].topUps[student] = amount
	}
	for _, b := range bookings {
		g := &groups[b.StudentID%int64(n)]
		g.bookings = append(g.bookings, b)
	}
	errs := make(chan error, n)
	for _, g := range groups {
		go func() {
			err := db.SeedTopUps(ctx, g.topUps)
			for _, b := range g.bookings {
				if err != nil {
					break
				}
				_, err = svc.Book(ctx, b)
			}
			errs <- err
		}()
	}
	var err error
	for range groups {
		err = errors.Join(err, <-errs)
	}
	return err
}

// distinct picks n different items of list.
func distinct(rnd *rand.Rand, list []string, n int) []string {
	perm := rnd.Perm(len(list))
	out := make([]string, n)
	for i := range out {
		out[i] = list[perm[i]]
	}
	return out
}

// avatar draws a small PNG: a soft two-colour gradient, different for each teacher.
func avatar(rnd *rand.Rand) []byte {
	const size = 96
	a := color.RGBA{uint8(rnd.IntN(200)), uint8(rnd.IntN(200)), uint8(rnd.IntN(200)), 255}
	b := color.RGBA{uint8(55 + rnd.IntN(200)), uint8(55 + rnd.IntN(200)), uint8(55 + rnd.IntN(200)), 255}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			t := float64(x+y) / (2 * size)
			mix := func(p, q uint8) uint8 { return uint8(float64(p)*(1-t) + float64(q)*t) }
			img.Set(x, y, color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255})
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}
