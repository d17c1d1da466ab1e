package main

import (
	"context"
	"time"

	"github.com/zabano/zabano"
	"github.com/zabano/zabano/sqlstore"
)

// seriesWeeks is how long the demo's weekly series runs.
const seriesWeeks = 4

// seedSeries gives the first student a weekly series with the first teacher
// (Mondays at 20:00 in the teacher's zone, from next week: after the hours
// of -slots-per-teacher) and a trial class with the second on the Tuesday, through the booking service as the API books them; the
// classes are topped up first, so the wallet's seeded amount stays. It
// returns how many classes it booked.
func seedSeries(ctx context.Context, db *sqlstore.DB, svc *zabano.Bookings, teachers []*zabano.TeacherProfile, student *zabano.User, now time.Time) (int, error) {
	if len(teachers) < 2 {
		return 0, nil
	}
	weekly, trial := teachers[0], teachers[1]
	loc, err := time.LoadLocation(weekly.TimeZone)
	if err != nil {
		return 0, err
	}
	y, m, d := now.In(loc).Date()
	monday := time.Date(y, m, d+7-int(now.In(loc).Weekday())+1, 20, 0, 0, 0, loc)
	first := zabano.Slot{Start: monday, End: monday.Add(time.Hour)}
	slots, _, err := svc.CreateSlots(ctx, weekly.User.ID, zabano.WeeklySlots(first, seriesWeeks, loc))
	if err != nil {
		return 0, err
	}
	trialAt := monday.AddDate(0, 0, 1)
	trialSlot, _, err := svc.CreateSlots(ctx, trial.User.ID, []zabano.Slot{{Start: trialAt, End: trialAt.Add(time.Hour)}})
	if err != nil {
		return 0, err
	}
	level := weekly.Levels[0]
	cost := seriesWeeks*level.RegularPrice + trial.TestSessionPrice
	if err := db.SeedTopUps(ctx, map[int64]int64{student.ID: cost}); err != nil {
		return 0, err
	}
	series, err := svc.BookWeekly(ctx, zabano.NewBooking{StudentID: student.ID, SlotID: slots[0].ID, LevelPriceID: level.ID}, seriesWeeks)
	if err != nil {
		return 0, err
	}
	if _, err := svc.Book(ctx, zabano.NewBooking{StudentID: student.ID, SlotID: trialSlot[0].ID, Trial: true}); err != nil {
		return 0, err
	}
	return len(series) + 1, nil
}
