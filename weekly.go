package zabano

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// Weekly lessons: one request books the same weekday and time for several
// consecutive weeks, all or nothing.

// MinWeeks and MaxWeeks bound a weekly booking.
const (
	MinWeeks = 2
	MaxWeeks = 12
)

// MissingWeek is a week of a weekly booking whose slot is missing or taken:
// Week counts from 1 (the chosen slot), Start is when its class would be.
type MissingWeek struct {
	Week  int
	Start time.Time
}

var (
	msgWeeks = Msg{"Choose from %d to %d weeks.", "از %d تا %d هفته انتخاب کنید."}
	// MsgWeeksMissing lists the weeks (1 is the chosen time) not free.
	MsgWeeksMissing = Msg{
		"The teacher is not free at this time in every week: week %s is missing or taken. Choose fewer weeks or book the free ones.",
		"استاد در همهٔ این هفته‌ها در این زمان آزاد نیست: هفتهٔ %s آزاد نیست یا رزرو شده است. هفته‌های کمتری انتخاب کنید یا هفته‌های آزاد را رزرو کنید.",
	}
)

// WeeklySlots is when the classes of a weekly booking starting with first
// would be: the same wall time and length in the teacher's zone loc, week
// after week, so a weekly 18:00 stays 18:00 across daylight-saving changes
// (Asia/Tehran has none: there it is exactly 7 days apart).
func WeeklySlots(first Slot, weeks int, loc *time.Location) []Slot {
	out := make([]Slot, weeks)
	start := first.Start.In(loc)
	for k := range out {
		s := start.AddDate(0, 0, 7*k)
		out[k] = Slot{TeacherID: first.TeacherID, Start: s.UTC(), End: s.Add(first.End.Sub(first.Start)).UTC()}
	}
	return out
}

// WeeksMissing is the conflict of a weekly booking some of whose weeks are
// not free, naming them so the app can offer the free ones.
func WeeksMissing(missing []MissingWeek) *Error {
	names := make([]string, len(missing))
	for i, m := range missing {
		names[i] = strconv.Itoa(m.Week)
	}
	e := Errorf(ECONFLICT, MsgWeeksMissing, strings.Join(names, ", "))
	e.Message.Fa = strings.ReplaceAll(e.Message.Fa, ", ", "، ")
	e.MissingWeeks = missing
	return e
}

// BookWeekly books the slot nb names and the teacher's slots at the same
// time in the weeks after it, weeks classes in all, at nb's level price, in
// one transaction: all are booked and paid, or none. The classes share one
// meeting room, as a weekly lesson does.
func (s *Bookings) BookWeekly(ctx context.Context, nb NewBooking, weeks int) ([]*Booking, error) {
	var v Validation
	if weeks < MinWeeks || weeks > MaxWeeks {
		v.Add("weeks", Msgf(msgWeeks, MinWeeks, MaxWeeks))
	}
	nb.Trial = false // a trial is one class
	nb.validate(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	link, err := MeetingLink(s.MeetingURL)
	if err != nil {
		return nil, err
	}
	nb.MeetingLink = link
	return s.Store.BookWeekly(ctx, &nb, weeks)
}
