package main

import (
	"context"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
)

// seedProblem gives the demo one open problem report: student1 says
// teacher3 (whom no review rates) did not come to yesterday's class and
// asks for a full refund, which the teacher has not answered yet. The class
// goes through the booking service with the clock moved: booked the day
// before, reported an hour after its end.
func seedProblem(ctx context.Context, db *sqlstore.DB, teachers []*zabano.TeacherProfile, students []*zabano.User,
	now time.Time, c *config) error {
	if len(teachers) < 3 || len(students) == 0 {
		return nil
	}
	teacher, student := teachers[2], students[0]
	start := now.Truncate(time.Hour).Add(-26 * time.Hour)
	if err := db.SeedTopUps(ctx, map[int64]int64{student.ID: teacher.Levels[0].RegularPrice}); err != nil {
		return err
	}
	defer func() { db.Now = time.Now }()
	var at time.Time
	db.Now = func() time.Time { return at }
	svc := &zabano.Bookings{Store: db, MeetingURL: c.meetingURL, MaxFreeSlots: c.maxFreeSlots, FreeCancel: c.freeCancel, Now: db.Now}
	at = start.Add(-24 * time.Hour)
	slot, err := svc.CreateSlot(ctx, teacher.User.ID, zabano.Slot{Start: start, End: start.Add(time.Hour)})
	if err != nil {
		return err
	}
	b, err := svc.Book(ctx, zabano.NewBooking{StudentID: student.ID, SlotID: slot.ID, LevelPriceID: teacher.Levels[0].ID})
	if err != nil {
		return err
	}
	at = b.End.Add(time.Hour)
	_, err = svc.ReportProblem(ctx, zabano.NewProblem{
		UserID: student.ID, BookingID: b.ID, Reason: zabano.ReasonTeacherAbsent, Resolution: zabano.FullRefund,
		Text: "استاد سر کلاس نیامد؛ ۲۰ دقیقه منتظر ماندم.",
	})
	return err
}
