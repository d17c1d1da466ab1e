package sqlstore_test

import (
	"testing"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
	"github.com/zabano/zabano/sqlstore/storetest"
)

// TestSeedMarketplace seeds teachers, students, slots, top-ups and bookings
// the way zabano seed does, and checks that the bookings are real ones: slots
// taken, prices in escrow through the ledger, every rule of the ledger kept.
func TestSeedMarketplace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		now := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		teacher := func(name string, prices ...int64) *zabano.TeacherProfile {
			p := &zabano.TeacherProfile{User: zabano.User{Role: zabano.RoleTeacher, Username: name, Phone: "0910" + name[len(name)-7:],
				FirstName: "Sara", Bio: "IELTS teacher", PasswordHash: "x"}, TimeZone: zabano.DefaultTimeZone, PricePerHour: prices[0]}
			for i, price := range prices {
				p.Levels = append(p.Levels, zabano.LevelPrice{Language: "English", Level: zabano.Level(i + 1), RegularPrice: price, ExamPrice: price})
			}
			return p
		}
		teachers := []*zabano.TeacherProfile{teacher("teacher0000001", 100_000, 150_000), teacher("teacher0000002", 200_000)}
		students := []*zabano.User{
			{Role: zabano.RoleStudent, Username: "student1", Phone: "09110000001", PasswordHash: "x"},
			{Role: zabano.RoleStudent, Username: "student2", Phone: "09110000002", PasswordHash: "x"},
		}
		if err := db.Seed(ctx, teachers, students); err != nil {
			t.Fatal(err)
		}
		for _, p := range teachers {
			for _, l := range p.Levels {
				if l.ID == 0 {
					t.Fatalf("level without its id: %+v", p.Levels)
				}
			}
		}
		if list, total, exact, err := db.FindTeachers(ctx, zabano.TeacherFilter{Query: "ielts", Language: "eng", Limit: 10}); err != nil || total != 2 || !exact || len(list) != 2 {
			t.Fatalf("seeded teachers are not listed: %d %v", total, err)
		}

		var slots []zabano.Slot
		for _, p := range teachers {
			for h := range 3 {
				start := now.Add(time.Duration(24+h) * time.Hour)
				slots = append(slots, zabano.Slot{TeacherID: p.User.ID, Start: start, End: start.Add(time.Hour)})
			}
		}
		if err := db.SeedSlots(ctx, slots); err != nil {
			t.Fatal(err)
		}
		for _, s := range slots {
			if s.ID == 0 {
				t.Fatalf("slot without its id: %+v", slots)
			}
		}
		s1, s2 := students[0].ID, students[1].ID
		if err := db.SeedTopUps(ctx, map[int64]int64{s1: 400_000, s2: 200_000}); err != nil {
			t.Fatal(err)
		}
		// The seed books as the API does, through the booking service.
		svc := &zabano.Bookings{Store: db, MeetingURL: zabano.DefaultMeetingURL, Now: db.Now}
		for _, b := range []zabano.NewBooking{
			{StudentID: s1, SlotID: slots[0].ID, LevelPriceID: teachers[0].Levels[1].ID},
			{StudentID: s1, SlotID: slots[4].ID, LevelPriceID: teachers[1].Levels[0].ID},
			{StudentID: s2, SlotID: slots[1].ID, LevelPriceID: teachers[0].Levels[0].ID},
		} {
			if _, err := svc.Book(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			student        int64
			wallet, escrow int64
			classes        int
		}{{s1, 50_000, 350_000, 2}, {s2, 100_000, 100_000, 1}} {
			wallet, _ := db.AccountBalance(ctx, zabano.WalletOf(c.student))
			escrow, _ := db.AccountBalance(ctx, zabano.EscrowOf(c.student))
			list, err := db.Classes(ctx, &zabano.User{ID: c.student, Role: zabano.RoleStudent})
			if err != nil || wallet != c.wallet || escrow != c.escrow || len(list) != c.classes {
				t.Errorf("student %d: wallet %d escrow %d, %d classes (%v); want %d, %d, %d", c.student, wallet, escrow, len(list), err, c.wallet, c.escrow, c.classes)
			}
		}
		free, err := db.TeacherSlots(ctx, teachers[0].User.ID, now, now.AddDate(0, 0, 7), true)
		if err != nil || len(free) != 1 || free[0].ID != slots[2].ID {
			t.Errorf("teacher 1's free slots: %v %v", free, err)
		}

		// A taken slot, another teacher's level or an empty wallet fail.
		for name, b := range map[string]zabano.NewBooking{
			"taken":   {StudentID: s2, SlotID: slots[0].ID, LevelPriceID: teachers[0].Levels[0].ID},
			"level":   {StudentID: s2, SlotID: slots[2].ID, LevelPriceID: teachers[1].Levels[0].ID},
			"no cash": {StudentID: s2, SlotID: slots[2].ID, LevelPriceID: teachers[0].Levels[1].ID},
		} {
			if _, err := svc.Book(ctx, b); err == nil {
				t.Errorf("%s: booked", name)
			}
		}
		for _, audit := range []func() ([]string, error){func() ([]string, error) { return db.AuditLedger(ctx) }, func() ([]string, error) { return db.AuditBookings(ctx) }} {
			if problems, err := audit(); err != nil || len(problems) > 0 {
				t.Errorf("audit: %v %v", problems, err)
			}
		}
	})
}
