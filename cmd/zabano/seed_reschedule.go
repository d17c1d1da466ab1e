package main

import (
	"context"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
)

// seedReschedule gives the demo an upcoming class of student with teacher
// whose teacher proposes another time, waiting for the student's answer.
// Both times are at 21:00 in Tehran, after the hours seeded slots fill.
func seedReschedule(ctx context.Context, db *sqlstore.DB, svc *zabano.Bookings, teacher *zabano.TeacherProfile, student *zabano.User, now time.Time) error {
	at := now.Truncate(24*time.Hour).AddDate(0, 0, 3).Add(17*time.Hour + 30*time.Minute)
	slots, _, err := svc.CreateSlots(ctx, teacher.User.ID, []zabano.Slot{
		{Start: at, End: at.Add(time.Hour)}, {Start: at.Add(24 * time.Hour), End: at.Add(25 * time.Hour)},
	})
	if err != nil {
		return err
	}
	level := teacher.Levels[0]
	if err := db.SeedTopUps(ctx, map[int64]int64{student.ID: level.RegularPrice}); err != nil {
		return err
	}
	b, err := svc.Book(ctx, zabano.NewBooking{StudentID: student.ID, SlotID: slots[0].ID, LevelPriceID: level.ID})
	if err != nil {
		return err
	}
	_, err = svc.ProposeReschedule(ctx, teacher.User.ID, b.ID, slots[1].ID)
	return err
}
